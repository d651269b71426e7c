import {
  PASSWORD_MIN_LENGTH,
  usernameRuleError,
  validateLogin,
  type FieldErrors,
} from "./validation";
import { t } from "./i18n";

export const BIO_MAX_LENGTH = 500;
export const CONFIRM_DELETE_WORD = "DELETE";

export interface PasswordChangeValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export interface ProfileValues {
  username: string;
  email: string;
}

/** The Settings profile form: a new e-mail address also takes the current password. */
export interface ProfileFormValues extends ProfileValues {
  currentPassword: string;
}

/** Spec §5 "Change password": every field required, at least 6 characters, the two new ones equal; and a new
 * password that is not the current one. */
export function validatePasswordChange(values: PasswordChangeValues): FieldErrors<PasswordChangeValues> {
  const errors: FieldErrors<PasswordChangeValues> = {};
  if (values.currentPassword === "") errors.currentPassword = t("Current password is required");
  if (values.newPassword === "") errors.newPassword = t("New password is required");
  else if (values.newPassword.length < PASSWORD_MIN_LENGTH) {
    errors.newPassword = t("New password must be at least 6 characters long");
  } else if (values.newPassword === values.currentPassword) {
    errors.newPassword = t("New password must differ from the current password");
  }
  if (values.confirmPassword === "") errors.confirmPassword = t("Please confirm your new password");
  else if (values.confirmPassword !== values.newPassword) errors.confirmPassword = t("New passwords do not match");
  return errors;
}

// The sign-in rules own the e-mail check (required, then format); a placeholder password keeps only that one.
function emailError(email: string): string | undefined {
  return validateLogin({ email, password: "-" }).email;
}

/** Spec §5 "Profile form": username (the registration rules) and e-mail required, e-mail well formed. */
export function validateProfile(values: ProfileValues): FieldErrors<ProfileValues> {
  const errors: FieldErrors<ProfileValues> = {};
  const username = usernameRuleError(values.username);
  if (username) errors.username = username;
  const email = emailError(values.email);
  if (email) errors.email = email;
  return errors;
}

/** Whether the typed address is another than the saved one (the server compares them trimmed and lower-cased). */
export function emailChanged(typed: string, saved: string): boolean {
  return typed.trim().toLowerCase() !== saved.trim().toLowerCase();
}

/** The profile rules, plus the current password whenever the e-mail address changes. */
export function validateProfileForm(values: ProfileFormValues, savedEmail: string): FieldErrors<ProfileFormValues> {
  const errors: FieldErrors<ProfileFormValues> = validateProfile(values);
  if (emailChanged(values.email, savedEmail) && values.currentPassword === "") {
    errors.currentPassword = t("Current password is required");
  }
  return errors;
}

/** A new username's rule error, or a note that it is the current one exactly. */
export function newUsernameError(candidate: string, current: string): string | null {
  if (candidate === current) return t("This is already your username");
  return usernameRuleError(candidate);
}

/** Names differing only in letter case belong to the same account, so the availability check would only find the owner. */
export function needsAvailabilityCheck(candidate: string, current: string): boolean {
  return candidate.toLowerCase() !== current.toLowerCase() && usernameRuleError(candidate) === null;
}
