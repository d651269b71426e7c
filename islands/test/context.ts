import type { User } from "../lib/api-types";
import type { AppContext } from "../lib/context";

/** The app context a page hands its islands, for tests that mock lib/context; a test overrides only what it is about. */
export function pageContext(user: User | null, overrides: Partial<AppContext> = {}): AppContext {
  return {
    user,
    csrfToken: "csrf",
    brand: "Danza",
    playerOrigin: "https://www.tiktok.com",
    playerSettings: null,
    ...overrides,
  };
}
