import { useId, useState, type FormEvent } from "react";
import { api, serverFieldErrors, serverMessage } from "../lib/api";
import type { Answer } from "../lib/api-types";
import { FormField } from "../ui/FormField";
import { PasswordInput } from "../ui/PasswordInput";
import { focusFirstInvalid } from "../ui/focus";
import { completeSignIn } from "./complete-sign-in";
import { ForgotPassword } from "./ForgotPassword";
import { asksForTwoFactorCode } from "./two-factor";
import { useFormFields } from "../ui/useFormErrors";
import { hasErrors, validateLogin, type LoginValues } from "../lib/validation";
import { t } from "../lib/i18n";

const FIELD_ORDER = ["email", "password"] as const;

interface Props {
  onSwitchToRegister: () => void;
}

export function LoginForm({ onSwitchToRegister }: Props) {
  const { values, clientErrors, errors, alert, setAlert, bind } = useFormFields<LoginValues>(
    { email: "", password: "" },
    validateLogin,
  );
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [code, setCode] = useState<string | null>(null);
  const [codePrompt, setCodePrompt] = useState("");
  const forgotId = useId();
  const codeId = useId();
  const codePromptId = useId();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    errors.markSubmitted();
    setAlert(null);
    if (hasErrors(clientErrors)) {
      focusFirstInvalid(event.currentTarget, FIELD_ORDER, clientErrors);
      return;
    }
    setBusy(true);
    try {
      const body = { email: values.email.trim(), password: values.password, remember, ...(code ? { code } : {}) };
      completeSignIn(await api.post<Answer<"AuthResult">>("/api/auth/login", body));
    } catch (error) {
      if (asksForTwoFactorCode(error) && code === null) {
        // The right password: the next step, asked under its field, not a failure.
        setCodePrompt(serverMessage(error, t("Enter the 6-digit code from your authenticator app")));
        setCode("");
        setBusy(false);
        return;
      }
      errors.showServerErrors(serverFieldErrors(error));
      setAlert(serverMessage(error, t("Login failed")));
      setBusy(false);
    }
  }

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit} aria-busy={busy}>
      <h3 className="auth-heading">{t("Welcome back")}</h3>
      {alert ? (
        <div className="alert alert-error auth-alert" role="alert">
          {alert}
        </div>
      ) : null}
      <FormField label={t("Email")} error={errors.errorFor("email")}>
        {(control) => (
          <input
            {...control}
            className="input"
            {...bind("email")}
            type="email"
            autoComplete="email"
            required
          />
        )}
      </FormField>
      <FormField label={t("Password")} error={errors.errorFor("password")}>
        {(control) => (
          <PasswordInput
            {...control}
            {...bind("password")}
            autoComplete="current-password"
            required
          />
        )}
      </FormField>
      {code !== null ? (
        <div className="field">
          <label className="field-label" htmlFor={codeId}>
            {t("Authentication code")}
          </label>
          <input
            id={codeId}
            className="input"
            name="code"
            inputMode="text"
            autoComplete="one-time-code"
            placeholder={t("6-digit code or a recovery code")}
            required
            autoFocus
            aria-describedby={codePromptId}
            value={code}
            onChange={(event) => setCode(event.target.value.trim())}
          />
          <p id={codePromptId} className="field-hint" role="status">
            {codePrompt}
          </p>
        </div>
      ) : null}
      <div className="auth-row">
        <label className="checkbox">
          <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
          {t("Remember me")}
        </label>
        <button
          type="button"
          className="btn btn-link auth-forgot"
          aria-expanded={forgotOpen}
          aria-controls={forgotId}
          onClick={() => setForgotOpen((open) => !open)}
        >
          {t("Forgot password?")}
        </button>
      </div>
      {forgotOpen ? <ForgotPassword id={forgotId} initialEmail={values.email} /> : null}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? t("Signing In...") : t("Sign In")}
      </button>
      <p className="modal-footer">
        {t("Don't have an account?")}{" "}
        <button type="button" className="btn btn-link" onClick={onSwitchToRegister}>
          {t("Sign up")}
        </button>
      </p>
    </form>
  );
}
