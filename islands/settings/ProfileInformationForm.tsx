import { useState, type FormEvent } from "react";
import { serverFieldErrors } from "../lib/api";
import type { User } from "../lib/context";
import { reloadPage } from "../lib/navigation";
import { useFormFields } from "../auth-modals/useFormErrors";
import { hasErrors } from "../auth-modals/validation";
import { updateProfile } from "../account/account-api";
import { BioField } from "../account/BioField";
import { validateProfile, type ProfileValues } from "../account/validation";
import { UsernameField } from "../account/UsernameField";
import { Avatar } from "../ui/Avatar";
import { FormField } from "../ui/FormField";
import { FormMessage } from "../ui/FormMessage";
import { focusFirstInvalid } from "../ui/focus";
import { useSubmission } from "../ui/useSubmission";

const FIELD_ORDER = ["username", "email"] as const;

/** Username, e-mail and bio; the page reloads after a save so every part of it shows the new details. */
export function ProfileInformationForm({ user }: { user: User }) {
  const { values, clientErrors, errors, bind } = useFormFields<ProfileValues>(
    { username: user.username, email: user.email },
    validateProfile,
  );
  const [bio, setBio] = useState(user.bio ?? "");
  const { busy, outcome, submit } = useSubmission();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    errors.markSubmitted();
    if (hasErrors(clientErrors)) {
      focusFirstInvalid(event.currentTarget, FIELD_ORDER, clientErrors);
      return;
    }
    const result = await submit(() => updateProfile({ username: values.username, email: values.email.trim(), bio }), {
      success: "Profile updated successfully!",
      failure: "Failed to update profile",
    });
    if (result.ok) reloadPage();
    else errors.showServerErrors(serverFieldErrors(result.error));
  }

  return (
    <form className="account-form" noValidate onSubmit={handleSubmit} aria-busy={busy}>
      <div className="settings-identity">
        <Avatar name={user.username} src={user.avatar} size="lg" />
        <span className="settings-identity-name">{user.username}</span>
      </div>
      <FormMessage outcome={outcome} />
      <UsernameField label="Username" input={bind("username")} error={errors.errorFor("username")} />
      <FormField label="Email" error={errors.errorFor("email")}>
        {(control) => <input {...control} className="input" {...bind("email")} type="email" autoComplete="email" required />}
      </FormField>
      <BioField value={bio} onChange={setBio} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? "Saving..." : "Save Profile"}
      </button>
    </form>
  );
}
