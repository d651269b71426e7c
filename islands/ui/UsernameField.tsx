import type { ChangeEvent, FocusEvent } from "react";
import type { Availability } from "./useUsernameAvailability";
import { FormField, type FieldStatus } from "./FormField";

export const USERNAME_TAKEN = "Username already exists";

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
  if (availability === "checking") return { tone: "muted", text: "Checking availability..." };
  if (availability === "available") return { tone: "ok", text: "Username is available" };
  return null;
}

/**
 * The error a username field shows: the server's or a left field's first, bad characters while typing (a too-short
 * name only once the field is left or submitted), then a name the availability check found taken.
 */
export function usernameFieldError(
  value: string,
  shownError: string | undefined,
  ruleError: string | undefined,
  availability: Availability,
): string | undefined {
  const typedBadCharacter = /[^A-Za-z0-9_]/.test(value);
  return shownError ?? (typedBadCharacter ? ruleError : undefined) ?? (availability === "taken" ? USERNAME_TAKEN : undefined);
}

/** The one username input of registration, the username change and the profile form. */
export function UsernameField({ label, input, error, availability }: Props) {
  return (
    <FormField label={label} error={error} status={availability === undefined ? undefined : availabilityStatus(availability)}>
      {(control) => (
        <input
          {...control}
          className="input"
          {...input}
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
        />
      )}
    </FormField>
  );
}
