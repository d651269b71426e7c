import type { FormEvent } from "react";
import type { User } from "../../lib/api-types";
import { goTo } from "../../lib/navigation";
import { profilePath } from "../../lib/paths";
import { carryNotice } from "../../lib/storage";
import { useFormFields } from "../../ui/useFormErrors";
import { blocksSubmit, useSubmitBlock, useUsernameAvailability } from "../../ui/useUsernameAvailability";
import { ProfileUrlWarning, UsernameField, usernameFieldError } from "../../ui/UsernameField";
import { updateProfile } from "../../lib/account-api";
import { needsAvailabilityCheck, newUsernameError } from "../../lib/account-validation";
import { FormField } from "../../ui/FormField";
import { FormMessage } from "../../ui/FormMessage";
import { useSubmission } from "../../ui/useSubmission";
import { t } from "../../lib/i18n";

interface NewUsername {
  username: string;
}

/**
 * A new username under the registration rules, checked for availability 500 ms after typing; saving moves to the new
 * address, which says the change.
 */
export function ChangeUsernameSection({ account }: { account: User }) {
  const { values, clientErrors, errors, alert, setAlert, bind } = useFormFields<NewUsername>(
    { username: "" },
    ({ username }) => {
      const problem = newUsernameError(username, account.username);
      return problem ? { username: problem } : {};
    },
  );
  const availability = useUsernameAvailability(values.username, needsAvailabilityCheck(values.username, account.username));
  const submitBlock = useSubmitBlock(values.username, availability);
  const { busy, outcome, submit } = useSubmission();

  const usernameError = usernameFieldError(values.username, errors.errorFor("username"), clientErrors.username, availability);

  const refusal = alert ?? submitBlock.message;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    errors.markSubmitted();
    setAlert(null);
    submitBlock.setRefused(false);
    const input = event.currentTarget.elements.namedItem("username");
    if (clientErrors.username || blocksSubmit(availability)) {
      submitBlock.setRefused(!clientErrors.username);
      if (input instanceof HTMLElement) input.focus();
      return;
    }
    const result = await submit(
      () => updateProfile({ username: values.username, email: account.email, bio: account.bio ?? "" }),
      { failure: t("Failed to update profile"), showFieldErrors: errors.showServerErrors },
    );
    if (result.ok) {
      carryNotice({ text: t("Your username is now @{username}.", { username: result.value.username }) });
      goTo(profilePath(result.value.username));
    } else if (input instanceof HTMLElement) input.focus();
  }

  return (
    <form className="account-form" noValidate onSubmit={handleSubmit} aria-busy={busy}>
      <FormMessage outcome={refusal ? { tone: "error", text: refusal } : outcome} />
      <FormField label={t("Current Username")}>
        {(control) => <input {...control} className="input" type="text" value={account.username} readOnly />}
      </FormField>
      <UsernameField label={t("New Username")} input={bind("username")} error={usernameError} availability={availability} />
      <ProfileUrlWarning username={values.username && !clientErrors.username ? values.username : t("new_username")} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t("Saving...") : t("Change Username")}
      </button>
    </form>
  );
}
