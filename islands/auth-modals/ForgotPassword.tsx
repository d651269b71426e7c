import { useId, useState, type FormEvent } from "react";
import { api, serverMessage, translateServerText } from "../lib/api";
import type { Answer } from "../lib/api-types";
import { t } from "../lib/i18n";
import { emailError } from "../lib/validation";

interface Props {
  id: string;
  initialEmail: string;
}

/** Asks for a password reset link by e-mail; the answer is the same whether or not the account exists. */
export function ForgotPassword({ id, initialEmail }: Props) {
  const [email, setEmail] = useState(initialEmail);
  const [status, setStatus] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  async function send(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    if (!email.trim() || busy) return;
    const invalid = emailError(email);
    if (invalid) {
      setStatus({ tone: "error", text: invalid });
      return;
    }
    setBusy(true);
    try {
      const answer = await api.post<Answer<"Message">>("/api/auth/forgot-password", { email: email.trim() });
      setStatus({ tone: "ok", text: translateServerText(answer.message) });
    } catch (error) {
      setStatus({ tone: "error", text: serverMessage(error, t("Could not send the reset link. Please try again.")) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div id={id} className="auth-forgot-help">
      <label className="field-label" htmlFor={inputId}>
        {t("Send a reset link to")}
      </label>
      <div className="auth-forgot-row">
        <input
          id={inputId}
          className="input"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") void send(event);
          }}
        />
        <button type="button" className="btn btn-ghost" disabled={busy || !email.trim()} onClick={(event) => void send(event)}>
          {busy ? t("Sending...") : t("Send link")}
        </button>
      </div>
      {status ? (
        <p className={status.tone === "ok" ? "field-ok" : "field-error"} role="status">
          {status.text}
        </p>
      ) : null}
    </div>
  );
}
