import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent } from "react";
import { createPortal } from "react-dom";
import type { AuthMode } from "../lib/events";
import { CloseIcon } from "../ui/icons";
import { cycleFocus } from "../ui/focus";
import { LoginForm } from "./LoginForm";
import { RegisterForm } from "./RegisterForm";

interface Props {
  brand: string;
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onClose: () => void;
}

const SCROLL_LOCK_CLASS = "has-modal";

/** While mounted: Escape closes, the page behind does not scroll, and focus returns to where it was. */
function useModalBehaviour(onClose: () => void) {
  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.documentElement;
    root.classList.add(SCROLL_LOCK_CLASS);
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      root.classList.remove(SCROLL_LOCK_CLASS);
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [onClose]);
}

export function AuthDialog({ brand, mode, onModeChange, onClose }: Props) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const pressStartedOnBackdrop = useRef(false);
  useModalBehaviour(onClose);

  useEffect(() => {
    dialogRef.current?.querySelector<HTMLInputElement>("input")?.focus();
  }, [mode]);

  // Only a press that starts and ends on the backdrop closes, so selecting text past the edge does not.
  function handleBackdropMouseDown(event: MouseEvent<HTMLDivElement>) {
    pressStartedOnBackdrop.current = event.target === event.currentTarget;
  }

  function handleBackdropClick(event: MouseEvent<HTMLDivElement>) {
    if (pressStartedOnBackdrop.current && event.target === event.currentTarget) onClose();
    pressStartedOnBackdrop.current = false;
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Tab" && cycleFocus(event.currentTarget, event.shiftKey)) event.preventDefault();
  }

  return createPortal(
    <div className="modal-backdrop auth-backdrop" onMouseDown={handleBackdropMouseDown} onClick={handleBackdropClick}>
      <div
        ref={dialogRef}
        className="modal auth-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={handleKeyDown}
      >
        <button type="button" className="btn btn-ghost btn-icon modal-close" aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </button>
        <h2 id={titleId} className="modal-title auth-title">
          Login to {brand}
        </h2>
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
        {mode === "login" ? (
          <LoginForm onSwitchToRegister={() => onModeChange("register")} />
        ) : (
          <RegisterForm onSwitchToLogin={() => onModeChange("login")} />
        )}
      </div>
    </div>,
    document.body,
  );
}
