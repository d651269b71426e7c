import { useEffect, useRef } from "react";
import type { AuthMode } from "../lib/events";
import { Dialog } from "../ui/Dialog";
import { LoginForm } from "./LoginForm";
import { RegisterForm } from "./RegisterForm";

interface Props {
  brand: string;
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onClose: () => void;
}

/** The login/register dialog: the shared modal with the Login/Register switch; focus moves to the first field
 * whenever the form changes. */
export function AuthDialog({ brand, mode, onModeChange, onClose }: Props) {
  const formArea = useRef<HTMLDivElement>(null);

  useEffect(() => {
    formArea.current?.querySelector<HTMLInputElement>("input")?.focus();
  }, [mode]);

  return (
    <Dialog title={`Login to ${brand}`} onClose={onClose} className="auth-dialog" backdropClassName="auth-backdrop">
      <div className="auth-switch" role="group" aria-label="Choose a form">
        <button
          type="button"
          className="auth-switch-option"
          aria-pressed={mode === "login"}
          onClick={() => onModeChange("login")}
        >
          Login
        </button>
        <button
          type="button"
          className="auth-switch-option"
          aria-pressed={mode === "register"}
          onClick={() => onModeChange("register")}
        >
          Register
        </button>
      </div>
      <div ref={formArea}>
        {mode === "login" ? (
          <LoginForm onSwitchToRegister={() => onModeChange("register")} />
        ) : (
          <RegisterForm onSwitchToLogin={() => onModeChange("login")} />
        )}
      </div>
    </Dialog>
  );
}
