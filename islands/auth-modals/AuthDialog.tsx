import { useEffect, useRef } from "react";
import type { AuthMode } from "../lib/events";
import { Dialog } from "../ui/Dialog";
import { LoginForm } from "./LoginForm";
import { RegisterForm } from "./RegisterForm";
import { t } from "../lib/i18n";

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
    <Dialog title={t("Login to {brand}", { brand })} onClose={onClose} className="auth-dialog" backdropClassName="auth-backdrop">
      <div className="auth-switch" role="group" aria-label={t("Choose a form")}>
        <button
          type="button"
          className="auth-switch-option"
          aria-pressed={mode === "login"}
          onClick={() => onModeChange("login")}
        >
          {t("Login")}
        </button>
        <button
          type="button"
          className="auth-switch-option"
          aria-pressed={mode === "register"}
          onClick={() => onModeChange("register")}
        >
          {t("Register")}
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
