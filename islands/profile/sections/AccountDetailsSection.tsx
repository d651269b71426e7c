import { useState, type FormEvent } from "react";
import { updateProfile } from "../../lib/account-api";
import { BioField } from "../../ui/BioField";
import type { User } from "../../lib/api-types";
import { FormField } from "../../ui/FormField";
import { waitingEmailStatus } from "../../ui/waiting-email";
import { CancelEmailChangeButton, useEmailChangeCancel } from "../../ui/CancelEmailChange";
import { FormMessage } from "../../ui/FormMessage";
import { useSubmission } from "../../ui/useSubmission";
import { t } from "../../lib/i18n";

interface Props {
  account: User;
  onSaved: (user: User) => void;
}

/** Read-only username and e-mail (a waiting new address can be cancelled), an editable bio. */
export function AccountDetailsSection({ account, onSaved }: Props) {
  const [bio, setBio] = useState(account.bio ?? "");
  const { busy, outcome, submit } = useSubmission();
  const cancelling = useEmailChangeCancel(onSaved, t("E-mail change cancelled"));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || cancelling.busy) return;
    const result = await submit(() => updateProfile({ username: account.username, email: account.email, bio }), {
      success: t("Profile updated successfully!"),
      failure: t("Failed to update profile"),
    });
    if (result.ok) onSaved(result.value);
  }

  return (
    <form className="account-form" noValidate onSubmit={handleSubmit} aria-busy={busy}>
      <FormMessage outcome={outcome ?? cancelling.outcome} />
      <FormField label={t("Username")}>
        {(control) => <input {...control} className="input" type="text" value={account.username} readOnly />}
      </FormField>
      <FormField label={t("Email")} status={waitingEmailStatus(account)}>
        {(control) => <input {...control} className="input" type="email" value={account.email} readOnly />}
      </FormField>
      <CancelEmailChangeButton user={account} onClick={cancelling.cancel} disabled={busy || cancelling.busy} />
      <BioField value={bio} onChange={setBio} />
      <button type="submit" className="btn btn-primary" disabled={busy || cancelling.busy}>
        {busy ? t("Saving...") : t("Save Changes")}
      </button>
    </form>
  );
}
