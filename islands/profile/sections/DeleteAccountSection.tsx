import { useState, type FormEvent } from "react";
import { useAccountDeletion } from "../../account/useAccountDeletion";
import { CONFIRM_DELETE_WORD } from "../../account/validation";
import { FormField } from "../../ui/FormField";
import { FormMessage } from "../../ui/FormMessage";

/** Typing DELETE unlocks the button; the spec's confirmation still comes before anything is deleted. */
export function DeleteAccountSection() {
  const [typed, setTyped] = useState("");
  const { busy, outcome, confirmAndDelete } = useAccountDeletion();
  const confirmed = typed === CONFIRM_DELETE_WORD;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (confirmed && !busy) void confirmAndDelete();
  }

  return (
    <form className="account-form" noValidate onSubmit={handleSubmit} aria-busy={busy}>
      <div className="alert alert-warning">
        Deleting your account cannot be undone. Your profile, playlists and follows are removed for good.
      </div>
      <FormMessage outcome={outcome} />
      <FormField label={`Type ${CONFIRM_DELETE_WORD} to confirm`}>
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
      <button type="submit" className="btn btn-danger" disabled={!confirmed || busy}>
        {busy ? "Deleting..." : "Permanently Delete Account"}
      </button>
    </form>
  );
}
