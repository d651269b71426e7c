import { getAppContext, setCsrfToken } from "./context";

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
