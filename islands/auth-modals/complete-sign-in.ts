import type { Answer } from "../lib/api-types";
import { emitAppEvent } from "../lib/events";
import { goTo, reloadPage } from "../lib/navigation";
import { setCachedUser, setToken, takeAuthRedirect } from "../lib/storage";

/** Remembers the signed-in user, tells the page, then reloads so the server renders the signed-in shell. */
export function completeSignIn({ user, token }: Pick<Answer<"AuthResult">, "user" | "token">): void {
  if (token) setToken(token);
  setCachedUser(user);
  emitAppEvent("app:auth-changed", { user });
  const next = takeAuthRedirect();
  if (next) goTo(next);
  else reloadPage();
}
