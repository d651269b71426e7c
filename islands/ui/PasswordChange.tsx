import { useState, type FormEvent } from "react";
import { useFormFields } from "./useFormErrors";
import { hasErrors } from "../lib/validation";
import { FormField } from "./FormField";
import { FormMessage } from "./FormMessage";
import { PasswordInput } from "./PasswordInput";
import { focusFirstInvalid } from "./focus";
import { useSubmission } from "./useSubmission";
import { changePassword } from "../lib/account-api";
import { validatePasswordChange, type PasswordChangeValues } from "../lib/account-validation";
import { t } from "../lib/i18n";

const FIELD_ORDER = ["currentPassword", "newPassword", "confirmPassword"] as const;
const EMPTY_VALUES: PasswordChangeValues = { currentPassword: "", newPassword: "", confirmPassword: "" };

interface Props {
  /** 'Change Password' on the profile screen, 'Update Password' in settings. */
  submitLabel: string;
}

/** The change-password form; after a success its fields clear (the form is mounted afresh) and the success line stays. */
export function PasswordChange({ submitLabel }: Props) {
  const [generation, setGeneration] = useState(0);
  const [succeeded, setSucceeded] = useState(false);
  return (
    <PasswordChangeForm
      key={generation}
      submitLabel={submitLabel}
      succeeded={succeeded}
      onSubmitting={() => setSucceeded(false)}
      onChanged={() => {
        setSucceeded(true);
        setGeneration((current) => current + 1);
      }}
    />
  );
}

interface FormProps extends Props {
  succeeded: boolean;
  onSubmitting: () => void;
  onChanged: () => void;
}

function PasswordChangeForm({ submitLabel, succeeded, onSubmitting, onChanged }: FormProps) {
  const { values, clientErrors, errors, bind } = useFormFields<PasswordChangeValues>(EMPTY_VALUES, validatePasswordChange);
  const { busy, outcome, submit } = useSubmission();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    errors.markSubmitted();
    onSubmitting();
    if (hasErrors(clientErrors)) {
      focusFirstInvalid(event.currentTarget, FIELD_ORDER, clientErrors);
      return;
    }
    const form = event.currentTarget;
    const result = await submit(
      () => changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword }),
      {
        failure: t("Failed to update password"),
        showFieldErrors: (fieldErrors) => {
          errors.showServerErrors(fieldErrors);
          focusFirstInvalid(form, FIELD_ORDER, fieldErrors);
        },
      },
    );
    if (result.ok) onChanged();
  }

  return (
    <form className="account-form" noValidate onSubmit={handleSubmit} aria-busy={busy}>
      <FormMessage outcome={succeeded ? { tone: "success", text: t("Password updated successfully!") } : outcome} />
      <FormField label={t("Current Password")} error={errors.errorFor("currentPassword")}>
        {(control) => <PasswordInput {...control} {...bind("currentPassword")} autoComplete="current-password" required />}
      </FormField>
      <FormField label={t("New Password")} error={errors.errorFor("newPassword")}>
        {(control) => <PasswordInput {...control} {...bind("newPassword")} autoComplete="new-password" required />}
      </FormField>
      <FormField label={t("Confirm New Password")} error={errors.errorFor("confirmPassword")}>
        {(control) => <PasswordInput {...control} {...bind("confirmPassword")} autoComplete="new-password" required />}
      </FormField>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t("Updating...") : submitLabel}
      </button>
    </form>
  );
}
