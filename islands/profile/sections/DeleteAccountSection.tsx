import { useState, type FormEvent } from "react";
import { DeleteAccountDialog } from "../../ui/DeleteAccountDialog";
import { useAccountDeletion } from "../../ui/useAccountDeletion";
import { CONFIRM_DELETE_WORD } from "../../lib/account-validation";
import { FormField } from "../../ui/FormField";
import { t } from "../../lib/i18n";

/** Typing DELETE unlocks the button; the confirmation with the password still comes before anything is deleted. */
export function DeleteAccountSection() {
  const [typed, setTyped] = useState("");
  const deletion = useAccountDeletion();
  const confirmed = typed === CONFIRM_DELETE_WORD;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (confirmed) deletion.ask();
  }

  // The dialog stays outside the form: React passes events up through portals, so its submit would reach this form.
  return (
    <>
      <form className="account-form" noValidate onSubmit={handleSubmit}>
        <div className="alert alert-warning">
          {t("Deleting your account cannot be undone. Your profile, playlists and follows are removed for good.")}
        </div>
        <FormField label={t("Type {word} to confirm", { word: CONFIRM_DELETE_WORD })}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          )}
        </FormField>
        <button type="submit" className="btn btn-danger" disabled={!confirmed}>
          {t("Permanently Delete Account")}
        </button>
      </form>
      {deletion.asking ? <DeleteAccountDialog deletion={deletion} /> : null}
    </>
  );
}
