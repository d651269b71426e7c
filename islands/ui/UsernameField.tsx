import type { ChangeEvent, FocusEvent } from "react";
import type { Availability } from "./useUsernameAvailability";
import { FormField, type FieldStatus } from "./FormField";
import { USERNAME_MAX_LENGTH } from "../lib/validation";
import { profilePath } from "../lib/paths";
import { t } from "../lib/i18n";

interface InputBinding {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: (event: FocusEvent<HTMLInputElement>) => void;
}

interface Props {
  label: string;
  input: InputBinding;
  error?: string | null;
  /** Where the name is checked as it is typed (registration, a new username): its status line. */
  availability?: Availability;
}

function availabilityStatus(availability: Availability): FieldStatus | null {
  if (availability === "checking") return { tone: "muted", text: t("Checking availability...") };
  if (availability === "available") return { tone: "ok", text: t("Username is available") };
  return null;
}

/**
 * The error a username field shows: the server's or a left field's first, bad characters or too many while typing (a
 * too-short name only once the field is left or submitted), then a name the availability check found taken.
 */
export function usernameFieldError(
  value: string,
  shownError: string | undefined,
  ruleError: string | undefined,
  availability: Availability,
): string | undefined {
  const typedWrongName = /[^A-Za-z0-9_]/.test(value) || value.length > USERNAME_MAX_LENGTH;
  return shownError ?? (typedWrongName ? ruleError : undefined) ?? (availability === "taken" ? t("Username already exists") : undefined);
}

/** The one username input of registration, the username change and the profile form. */
export function UsernameField({ label, input, error, availability }: Props) {
  // A name with an error is not "available", whatever the last check said.
  const status = availability === undefined ? undefined : error ? null : availabilityStatus(availability);
  return (
    <FormField label={label} error={error} status={status}>
      {(control) => (
        <input
          {...control}
          className="input"
          {...input}
          type="text"
          maxLength={USERNAME_MAX_LENGTH}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
        />
      )}
    </FormField>
  );
}

/** The warning beside a new username: the profile's address changes with it. */
export function ProfileUrlWarning({ username }: { username: string }) {
  const [before, after] = t("Your profile URL will change to {path}, and your followers may be affected.").split("{path}");
  return (
    <div className="alert alert-warning">
      {before}
      <strong className="profile-url">{profilePath(username)}</strong>
      {after}
    </div>
  );
}
