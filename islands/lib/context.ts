import type { User } from "./api-types";

export interface AppContext {
  /** The signed-in user as GET /api/auth/me answers it, or null. */
  user: User | null;
  csrfToken: string;
  brand: string;
  playerOrigin: string;
  /** The global player settings; lib/player-settings.ts validates them. */
  playerSettings: unknown;
}

const DEFAULT_CONTEXT: AppContext = {
  user: null,
  csrfToken: "",
  brand: "Danza",
  playerOrigin: "https://www.tiktok.com",
  playerSettings: null,
};

let cachedContext: AppContext | null = null;

/** The page's app context, read from #app-context once per page load. */
export function getAppContext(): AppContext {
  cachedContext ??= readAppContext(document);
  return cachedContext;
}

/** Replaces the CSRF token after the server renewed the session (a password change), so later requests pass. */
export function setCsrfToken(csrfToken: string): void {
  cachedContext = { ...getAppContext(), csrfToken };
}

/** Parses the #app-context JSON block of a document, falling back to defaults for anything missing. */
export function readAppContext(doc: Document): AppContext {
  const text = doc.getElementById("app-context")?.textContent;
  if (!text) return DEFAULT_CONTEXT;
  try {
    const parsed = JSON.parse(text) as Partial<AppContext> | null;
    return {
      user: parsed?.user ?? null,
      csrfToken: typeof parsed?.csrfToken === "string" ? parsed.csrfToken : DEFAULT_CONTEXT.csrfToken,
      brand: typeof parsed?.brand === "string" && parsed.brand ? parsed.brand : DEFAULT_CONTEXT.brand,
      playerOrigin:
        typeof parsed?.playerOrigin === "string" && parsed.playerOrigin
          ? parsed.playerOrigin
          : DEFAULT_CONTEXT.playerOrigin,
      playerSettings: parsed?.playerSettings ?? null,
    };
  } catch (error) {
    console.error("Invalid #app-context JSON", error);
    return DEFAULT_CONTEXT;
  }
}
