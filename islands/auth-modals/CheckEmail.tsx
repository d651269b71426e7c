import { useEffect, useId, useRef } from "react";
import { t } from "../lib/i18n";

interface Props {
  /** The server's words: where the link went and how long it lasts. */
  message: string;
  onSignIn: () => void;
  onStartAgain: () => void;
}

/** What the register dialog shows once the link is mailed; it takes focus so screen readers read it at once. */
export function CheckEmail({ message, onSignIn, onStartAgain }: Props) {
  const [beforeLink, afterLink] = t("Nothing there? Look in your spam folder, or {link} and try again.").split("{link}");
  const headingId = useId();
  const messageId = useId();
  const area = useRef<HTMLElement>(null);

  useEffect(() => {
    area.current?.focus();
  }, []);

  return (
    <section
      ref={area}
      className="auth-form auth-sent"
      tabIndex={-1}
      aria-labelledby={headingId}
      aria-describedby={messageId}
    >
      <h3 id={headingId} className="auth-heading">
        {t("Check your e-mail")}
      </h3>
      <p id={messageId} className="alert alert-success auth-sent-message">
        {message}
      </p>
      <p className="auth-sent-help">
        {beforeLink}
        <button type="button" className="btn btn-link" onClick={onStartAgain}>
          {t("correct your details")}
        </button>
        {afterLink}
      </p>
      <button type="button" className="btn btn-primary btn-block" onClick={onSignIn}>
        {t("Back to sign in")}
      </button>
    </section>
  );
}
