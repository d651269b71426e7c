import type { User } from "./api-types";

const TOKEN_KEY = "token";
const CACHED_USER_KEY = "cachedUser";
const CACHED_USER_TIMESTAMP_KEY = "cachedUserTimestamp";
const AUTH_REDIRECT_KEY = "authRedirect";
export const CACHED_USER_TTL_MS = 120_000;

type StorageArea = "local" | "session";

// Storage can be missing or throw (private mode, blocked cookies, full quota); auth must keep working without it.
function area(which: StorageArea): Storage | null {
  try {
    return which === "local" ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return null;
  }
}

function readItem(which: StorageArea, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function writeItem(which: StorageArea, key: string, value: string): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Nothing to fall back to: the value simply is not remembered.
  }
}

function removeItem(which: StorageArea, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // Storage unavailable means there is nothing stored to remove.
  }
}

export function getToken(): string | null {
  return readItem("local", TOKEN_KEY);
}

export function setToken(token: string): void {
  writeItem("local", TOKEN_KEY, token);
}

export function clearToken(): void {
  removeItem("local", TOKEN_KEY);
}

/** The cached current user, or null when absent, unreadable or older than 120 s. */
export function getCachedUser(now: number = Date.now()): User | null {
  const raw = readItem("local", CACHED_USER_KEY);
  const storedAt = Number(readItem("local", CACHED_USER_TIMESTAMP_KEY));
  if (!raw || !Number.isFinite(storedAt) || now - storedAt >= CACHED_USER_TTL_MS) return null;
  try {
    return JSON.parse(raw) as User;
  } catch {
    return null;
  }
}

export function setCachedUser(user: User, now: number = Date.now()): void {
  writeItem("local", CACHED_USER_KEY, JSON.stringify(user));
  writeItem("local", CACHED_USER_TIMESTAMP_KEY, String(now));
}

export function clearCachedUser(): void {
  removeItem("local", CACHED_USER_KEY);
  removeItem("local", CACHED_USER_TIMESTAMP_KEY);
}

export function clearAuthStorage(): void {
  clearToken();
  clearCachedUser();
}

/** True for paths on this site only; rejects protocol-relative and backslash tricks browsers treat as other hosts. */
export function isSafeRedirectPath(path: unknown): path is string {
  if (typeof path !== "string" || !path.startsWith("/")) return false;
  if (path.startsWith("//") || path.startsWith("/\\")) return false;
  // Browsers strip tabs and newlines from URLs, so "/\t/evil.example" would become "//evil.example".
  // eslint-disable-next-line no-control-regex -- control characters are what this rejects
  return !/[\u0000-\u001f\u007f]/.test(path);
}

/** Remembers where to go after signing in; returns whether the path was accepted. */
export function rememberAuthRedirect(path: string): boolean {
  if (!isSafeRedirectPath(path)) return false;
  writeItem("session", AUTH_REDIRECT_KEY, path);
  return true;
}

/** Returns and forgets the remembered post-sign-in path, if it is still a safe one. */
export function takeAuthRedirect(): string | null {
  const path = readItem("session", AUTH_REDIRECT_KEY);
  removeItem("session", AUTH_REDIRECT_KEY);
  return isSafeRedirectPath(path) ? path : null;
}

const PAGE_NOTICE_KEY = "pageNotice";

/** A line for the next page to show, with an optional link on this site. */
export interface PageNotice {
  text: string;
  link?: { href: string; label: string };
}

/** Keeps a notice for the next page this tab opens (the page it is about to go to). */
export function carryNotice(notice: PageNotice): void {
  writeItem("session", PAGE_NOTICE_KEY, JSON.stringify(notice));
}

function isPageNotice(value: unknown): value is PageNotice {
  if (typeof value !== "object" || value === null) return false;
  const { text, link } = value as Record<string, unknown>;
  if (typeof text !== "string" || text === "") return false;
  if (link === undefined) return true;
  const { href, label } = (link ?? {}) as Record<string, unknown>;
  return isSafeRedirectPath(href) && typeof label === "string";
}

/** Returns and forgets the carried notice, if there is a well-formed one. */
export function takeCarriedNotice(): PageNotice | null {
  const raw = readItem("session", PAGE_NOTICE_KEY);
  removeItem("session", PAGE_NOTICE_KEY);
  if (raw === null) return null;
  try {
    const notice: unknown = JSON.parse(raw);
    return isPageNotice(notice) ? notice : null;
  } catch {
    return null;
  }
}

const PROFILE_SEARCH_KEY = "profileSearch";

/** A profile search this tab started: the handle, and when the search began (ms since the epoch). */
export interface ProfileSearch {
  username: string;
  startedAt: number;
}

/** Keeps the search under way, so reloading Add TikTok Profile follows it instead of showing an empty form. */
export function rememberProfileSearch(search: ProfileSearch): void {
  writeItem("session", PROFILE_SEARCH_KEY, JSON.stringify(search));
}

/** The search this tab left under way, if there is a well-formed one. */
export function rememberedProfileSearch(): ProfileSearch | null {
  const raw = readItem("session", PROFILE_SEARCH_KEY);
  if (raw === null) return null;
  try {
    const { username, startedAt } = JSON.parse(raw) as Record<string, unknown>;
    return typeof username === "string" && username !== "" && typeof startedAt === "number" && Number.isFinite(startedAt)
      ? { username, startedAt }
      : null;
  } catch {
    return null;
  }
}

export function forgetProfileSearch(): void {
  removeItem("session", PROFILE_SEARCH_KEY);
}
