import { useId, type FormEvent } from "react";
import { Dialog } from "./Dialog";
import { FormField } from "./FormField";
import { FormMessage } from "./FormMessage";
import { PasswordInput } from "./PasswordInput";
import type { AccountDeletion } from "./useAccountDeletion";
import { t } from "../lib/i18n";

/** The last step of deleting the account, shared by the profile screen and Settings: the spec's question and the password. */
export function DeleteAccountDialog({ deletion }: { deletion: AccountDeletion }) {
  const questionId = useId();
  const { busy, outcome, password, passwordError, typePassword, confirm, cancel } = deletion;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (await confirm()) return;
    const field = form.elements.namedItem("password");
    if (field instanceof HTMLElement) field.focus();
  }

  return (
    <Dialog title={t("Delete Account")} onClose={cancel} className="delete-account-dialog">
      <form
        className="delete-account-form"
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        aria-busy={busy}
        aria-describedby={questionId}
      >
        <p id={questionId} className="delete-account-question">
          {t("Are you sure you want to delete your account? This action cannot be undone.")}
        </p>
        <FormMessage outcome={outcome} />
        <FormField label={t("Password")} error={passwordError}>
          {(control) => (
            <PasswordInput
              {...control}
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => typePassword(event.target.value)}
            />
          )}
        </FormField>
        <div className="form-actions">
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {busy ? t("Deleting...") : t("Delete My Account")}
          </button>
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={cancel}>
            {t("Cancel")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
