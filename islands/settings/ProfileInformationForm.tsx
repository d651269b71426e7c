import { useState, type FormEvent } from "react";
import type { User } from "../lib/api-types";
import { reloadPage } from "../lib/navigation";
import { carryNotice } from "../lib/storage";
import { useFormFields } from "../ui/useFormErrors";
import { hasErrors } from "../lib/validation";
import { updateProfile, type ProfileChanges } from "../lib/account-api";
import { CancelEmailChangeButton, useEmailChangeCancel } from "../ui/CancelEmailChange";
import { BioField } from "../ui/BioField";
import { emailChanged, validateProfileForm, type ProfileFormValues } from "../lib/account-validation";
import { ProfileUrlWarning, UsernameField } from "../ui/UsernameField";
import { Avatar } from "../ui/Avatar";
import { WrappingName } from "../ui/WrappingName";
import { FormField } from "../ui/FormField";
import { waitingEmailStatus } from "../ui/waiting-email";
import { FormMessage } from "../ui/FormMessage";
import { PasswordInput } from "../ui/PasswordInput";
import { focusFirstInvalid } from "../ui/focus";
import { useSubmission } from "../ui/useSubmission";
import { t } from "../lib/i18n";

const FIELD_ORDER = ["username", "email", "currentPassword"] as const;

/**
 * Username, e-mail and bio; a new e-mail address also asks for the current password (the field shows only then, or
 * when the server asks for it) and is used once the link mailed to it is opened, which the field says meanwhile.
 * The page reloads after a save so every part of it shows the new details, and says the save on the new page. A
 * waiting address can be given up, which keeps the one in use.
 */
export function ProfileInformationForm({ user }: { user: User }) {
  const { values, clientErrors, errors, bind } = useFormFields<ProfileFormValues>(
    { username: user.username, email: user.email, currentPassword: "" },
    (typed) => validateProfileForm(typed, user.email),
  );
  const [bio, setBio] = useState(user.bio ?? "");
  // The server has the last word on what counts as a new address; its request holds until the e-mail is edited.
  const [serverAskedPassword, setServerAskedPassword] = useState(false);
  const { busy, outcome, submit } = useSubmission();
  const cancelling = useEmailChangeCancel(() => {
    carryNotice({ text: t("E-mail change cancelled") });
    reloadPage();
  });
  const asksPassword = emailChanged(values.email, user.email) || serverAskedPassword;
  const emailInput = bind("email");

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || cancelling.busy) return;
    errors.markSubmitted();
    if (hasErrors(clientErrors)) {
      focusFirstInvalid(event.currentTarget, FIELD_ORDER, clientErrors);
      return;
    }
    const changes: ProfileChanges = { username: values.username, email: values.email.trim(), bio };
    if (asksPassword) changes.currentPassword = values.currentPassword;
    const form = event.currentTarget;
    const result = await submit(() => updateProfile(changes), {
      failure: t("Failed to update profile"),
      showFieldErrors: (fieldErrors) => {
        if (fieldErrors.currentPassword) setServerAskedPassword(true);
        errors.showServerErrors(fieldErrors);
        // Once the field the server asked for is on the form, so that its error is read out.
        setTimeout(() => focusFirstInvalid(form, FIELD_ORDER, fieldErrors));
      },
    });
    if (result.ok) {
      const waiting = result.value.pendingEmail;
      carryNotice({
        text:
          asksPassword && waiting
            ? t("We sent a link to {email}. Your e-mail address changes when you open it.", { email: waiting })
            : t("Profile updated successfully!"),
      });
      reloadPage();
    }
  }

  return (
    <form className="account-form" noValidate onSubmit={handleSubmit} aria-busy={busy}>
      <div className="settings-identity">
        <Avatar name={user.username} src={user.avatar} size="lg" />
        <span className="settings-identity-name">
          <WrappingName name={user.username} />
        </span>
      </div>
      <FormMessage outcome={outcome ?? cancelling.outcome} />
      <UsernameField label={t("Username")} input={bind("username")} error={errors.errorFor("username")} />
      {values.username !== user.username && !clientErrors.username ? <ProfileUrlWarning username={values.username} /> : null}
      <FormField
        label={t("Email")}
        error={errors.errorFor("email")}
        status={waitingEmailStatus(user)}
      >
        {(control) => (
          <input
            {...control}
            className="input"
            {...emailInput}
            onChange={(event) => {
              setServerAskedPassword(false);
              emailInput.onChange(event);
            }}
            type="email"
            autoComplete="email"
            required
          />
        )}
      </FormField>
      <CancelEmailChangeButton user={user} onClick={cancelling.cancel} disabled={busy || cancelling.busy} />
      {asksPassword ? (
        <FormField
          label={t("Current Password")}
          error={errors.errorFor("currentPassword")}
          status={{ tone: "muted", text: t("Enter your current password to change your e-mail address.") }}
        >
          {(control) => <PasswordInput {...control} {...bind("currentPassword")} autoComplete="current-password" required />}
        </FormField>
      ) : null}
      <BioField value={bio} onChange={setBio} />
      <button type="submit" className="btn btn-primary" disabled={busy || cancelling.busy}>
        {busy ? t("Saving...") : t("Save Profile")}
      </button>
    </form>
  );
}
