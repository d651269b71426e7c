import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { cycleFocus, focusableWithin } from "./focus";
import { CloseIcon } from "./icons";
import { t } from "../lib/i18n";

const SCROLL_LOCK_CLASS = "has-modal";

interface Props {
  title: string;
  onClose: () => void;
  /** Extra classes for the dialog box (`.modal`) and for its backdrop. */
  className?: string;
  backdropClassName?: string;
  children: ReactNode;
}

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

/** A titled modal dialog with a Close button; focus starts on its first input (else its first control) and stays inside. */
export function Dialog({ title, onClose, className, backdropClassName, children }: Props) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const pressStartedOnBackdrop = useRef(false);
  useModalBehaviour(onClose);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const firstInput = dialog.querySelector<HTMLElement>("input, select, textarea");
    (firstInput ?? focusableWithin(dialog)[0] ?? dialog).focus();
  }, []);

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
    <div
      className={backdropClassName ? `modal-backdrop ${backdropClassName}` : "modal-backdrop"}
      onMouseDown={handleBackdropMouseDown}
      onClick={handleBackdropClick}
    >
      <div
        ref={dialogRef}
        className={className ? `modal ${className}` : "modal"}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
      >
        <button type="button" className="btn btn-ghost btn-icon modal-close" aria-label={t("Close")} onClick={onClose}>
          <CloseIcon />
        </button>
        <h2 id={titleId} className="modal-title dialog-title">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
