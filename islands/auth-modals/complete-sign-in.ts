import type { Answer } from "../lib/api-types";
import { emitAppEvent } from "../lib/events";
import { goTo, reloadPage } from "../lib/navigation";
import { isSafeRedirectPath, setCachedUser, setToken, takeAuthRedirect } from "../lib/storage";

const SIGN_IN_PAGES = ["/login", "/register"];

/** The page of this site the visitor came from, unless it was a sign-in page too. Its path is checked as any
 * redirect's: this site answers '//elsewhere.example/x' (a page not found), which as a path leads elsewhere. */
function cameFrom(): string | null {
  try {
    const from = new URL(document.referrer);
    const path = `${from.pathname}${from.search}`;
    if (from.origin !== window.location.origin || SIGN_IN_PAGES.includes(from.pathname)) return null;
    return isSafeRedirectPath(path) ? path : null;
  } catch {
    return null;
  }
}

/** Where a sign-in page (/login, /register) sends the visitor once signed in, as it has nothing left to offer: the
 * page they came from, else home. Null on any other page, which reloads. */
function afterSignInPage(): string | null {
  return SIGN_IN_PAGES.includes(window.location.pathname) ? (cameFrom() ?? "/") : null;
}

/** Remembers the signed-in user, tells the page, then reloads so the server renders the signed-in shell (or goes
 * where the visitor was headed). */
export function completeSignIn({ user, token }: Pick<Answer<"AuthResult">, "user" | "token">): void {
  if (token) setToken(token);
  setCachedUser(user);
  emitAppEvent("app:auth-changed", { user });
  const next = takeAuthRedirect() ?? afterSignInPage();
  if (next) goTo(next);
  else reloadPage();
}
