import { useState, type FormEvent } from "react";
import { api, formRefusal } from "../lib/api";
import { UsernameField, usernameFieldError } from "../ui/UsernameField";
import type { Answer } from "../lib/api-types";
import { FormField } from "../ui/FormField";
import { PasswordInput } from "../ui/PasswordInput";
import { focusFirstInvalid } from "../ui/focus";
import { CheckEmail } from "./CheckEmail";
import { pendingRegistrationMessage } from "./pending-registration";
import { useFormFields } from "../ui/useFormErrors";
import { blocksSubmit, useSubmitBlock, useUsernameAvailability } from "../ui/useUsernameAvailability";
import { hasErrors, usernameRuleError, validateRegistration, type RegisterValues } from "../lib/validation";
import { t } from "../lib/i18n";

const FIELD_ORDER = ["username", "email", "password", "confirmPassword"] as const;
const EMPTY_VALUES: RegisterValues = { username: "", email: "", password: "", confirmPassword: "" };

interface Props {
  onSwitchToLogin: () => void;
}

export function RegisterForm({ onSwitchToLogin }: Props) {
  const { values, clientErrors, errors, alert, setAlert, bind } = useFormFields<RegisterValues>(
    EMPTY_VALUES,
    validateRegistration,
  );
  const [busy, setBusy] = useState(false);
  const [linkSent, setLinkSent] = useState<string | null>(null);
  const availability = useUsernameAvailability(values.username, usernameRuleError(values.username) === null);
  const submitBlock = useSubmitBlock(values.username, availability);

  const usernameError = usernameFieldError(values.username, errors.errorFor("username"), clientErrors.username, availability);

  const shownAlert = alert ?? submitBlock.message;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    errors.markSubmitted();
    setAlert(null);
    submitBlock.setRefused(false);
    const form = event.currentTarget;
    if (hasErrors(clientErrors)) {
      focusFirstInvalid(form, FIELD_ORDER, clientErrors);
      return;
    }
    if (blocksSubmit(availability)) {
      submitBlock.setRefused(true);
      focusFirstInvalid(form, FIELD_ORDER, { username: true });
      return;
    }
    setBusy(true);
    try {
      const body = { username: values.username, email: values.email.trim(), password: values.password };
      const answer = await api.post<Answer<"PendingRegistrationOut">>("/api/auth/register", body);
      const message = pendingRegistrationMessage(answer);
      if (message === null) throw new Error("Registration response has no message");
      setLinkSent(message);
    } catch (error) {
      const refusal = formRefusal(error, t("Registration failed"));
      errors.showServerErrors(refusal.fieldErrors);
      setAlert(refusal.message);
      focusFirstInvalid(form, FIELD_ORDER, refusal.fieldErrors);
    } finally {
      setBusy(false);
    }
  }

  if (linkSent !== null) {
    return <CheckEmail message={linkSent} onSignIn={onSwitchToLogin} onStartAgain={() => setLinkSent(null)} />;
  }

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit} aria-busy={busy}>
      <h3 className="auth-heading">{t("Create your account")}</h3>
      {shownAlert ? (
        <div className="alert alert-error auth-alert" role="alert">
          {shownAlert}
        </div>
      ) : null}
      <UsernameField label={t("Username")} input={bind("username")} error={usernameError} availability={availability} />
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
            autoComplete="new-password"
            required
          />
        )}
      </FormField>
      <FormField label={t("Confirm Password")} error={errors.errorFor("confirmPassword")}>
        {(control) => (
          <PasswordInput
            {...control}
            {...bind("confirmPassword")}
            autoComplete="new-password"
            required
          />
        )}
      </FormField>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? t("Creating Account...") : t("Create Account")}
      </button>
      <p className="modal-footer">
        {t("Already have an account?")}{" "}
        <button type="button" className="btn btn-link" onClick={onSwitchToLogin}>
          {t("Sign in")}
        </button>
      </p>
    </form>
  );
}
