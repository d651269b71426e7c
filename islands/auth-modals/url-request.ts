import type { AuthMode } from "../lib/events";
import { rememberAuthRedirect } from "../lib/storage";

/**
 * Handles `?login=1[&next=/path]`: remembers a safe `next`, removes both parameters from the
 * address bar, and returns "login" when the dialog should open.
 */
export function takeUrlAuthRequest(signedIn: boolean): AuthMode | null {
  const url = new URL(window.location.href);
  if (url.searchParams.get("login") !== "1") return null;
  const next = url.searchParams.get("next");
  if (next && !signedIn) rememberAuthRedirect(next);
  url.searchParams.delete("login");
  url.searchParams.delete("next");
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  return signedIn ? null : "login";
}
