export type ProfileVisibility = "public" | "private" | "friends";

export interface User {
  _id: string;
  username: string;
  email: string;
  role: string;
  avatar: string | null;
  subscribers: number;
  subscribedTo: string[];
  createdAt: string;
  bio: string;
  displayName?: string | null;
  profileVisibility?: ProfileVisibility;
  emailNotifications?: boolean;
  twoFactorEnabled?: boolean;
}

export interface AppContext {
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

const CSRF_URL = "/api/auth/csrf";
let pendingCsrfToken: Promise<string> | null = null;

/**
 * The CSRF token for a write. A visitor's page carries none (so it sets no cookie and a proxy may cache it):
 * the first write asks the server for one, once, and keeps it.
 */
export function ensureCsrfToken(fetcher: typeof fetch = fetch): Promise<string> {
  const { csrfToken } = getAppContext();
  if (csrfToken) return Promise.resolve(csrfToken);
  pendingCsrfToken ??= fetcher(CSRF_URL, { credentials: "include", headers: { Accept: "application/json" } })
    .then(async (response) => {
      const data = (await response.json().catch(() => null)) as { csrfToken?: unknown } | null;
      if (!response.ok || typeof data?.csrfToken !== "string") throw new Error(`HTTP error! status: ${response.status}`);
      setCsrfToken(data.csrfToken);
      return data.csrfToken;
    })
    .finally(() => {
      pendingCsrfToken = null;
    });
  return pendingCsrfToken;
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
