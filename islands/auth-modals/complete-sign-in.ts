import type { User } from "../lib/context";
import { emitAppEvent } from "../lib/events";
import { goTo, reloadPage } from "../lib/navigation";
import { setCachedUser, setToken, takeAuthRedirect } from "../lib/storage";

export interface AuthResponse {
  user: User;
  token?: string | null;
}

export function isAuthResponse(value: unknown): value is AuthResponse {
  if (typeof value !== "object" || value === null) return false;
  const user = (value as { user?: unknown }).user;
  return typeof user === "object" && user !== null && typeof (user as { username?: unknown }).username === "string";
}

/** Remembers the signed-in user, tells the page, then reloads so the server renders the signed-in shell. */
export function completeSignIn({ user, token }: AuthResponse): void {
  if (token) setToken(token);
  setCachedUser(user);
  emitAppEvent("app:auth-changed", { user });
  const next = takeAuthRedirect();
  if (next) goTo(next);
  else reloadPage();
}
