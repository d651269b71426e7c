import { t } from "./i18n";

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const PASSWORD_MIN_LENGTH = 6;

export interface LoginValues {
  email: string;
  password: string;
}

export interface RegisterValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export type FieldErrors<Values> = Partial<Record<keyof Values, string>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The first rule the username breaks (spaces, then characters, then length), or null when it passes (the server's rules). */
export function usernameRuleError(username: string): string | null {
  if (username === "") return t("Username is required");
  if (/\s/.test(username)) return t("Username cannot contain spaces");
  if (!/^[A-Za-z0-9_]+$/.test(username)) return t("Username can only contain letters, numbers, and underscores");
  if (username.length < USERNAME_MIN_LENGTH) return t("Username must be at least 3 characters long");
  if (username.length > USERNAME_MAX_LENGTH) return t("Username must be at most 30 characters long");
  return null;
}

export function emailError(email: string): string | null {
  if (email.trim() === "") return t("Email is required");
  return EMAIL_PATTERN.test(email.trim()) ? null : t("Please enter a valid email address");
}

export function validateLogin(values: LoginValues): FieldErrors<LoginValues> {
  const errors: FieldErrors<LoginValues> = {};
  const email = emailError(values.email);
  if (email) errors.email = email;
  if (values.password === "") errors.password = t("Password is required");
  return errors;
}

export function validateRegistration(values: RegisterValues): FieldErrors<RegisterValues> {
  const errors: FieldErrors<RegisterValues> = {};
  const username = usernameRuleError(values.username);
  if (username) errors.username = username;
  const email = emailError(values.email);
  if (email) errors.email = email;
  if (values.password === "") errors.password = t("Password is required");
  else if (values.password.length < PASSWORD_MIN_LENGTH) errors.password = t("Password must be at least 6 characters long");
  if (values.confirmPassword === "") errors.confirmPassword = t("Please confirm your password");
  else if (values.confirmPassword !== values.password) errors.confirmPassword = t("Passwords do not match");
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}
