import { getAppContext } from "./context";
import { ensureCsrfToken } from "./csrf";
import { catalogueTemplateOf, t } from "./i18n";
import { getToken } from "./storage";

export const MAX_CONCURRENT_REQUESTS = 3;
export const MIN_IDENTICAL_INTERVAL_MS = 100;
export const REQUEST_TIMEOUT_MS = 10_000;
export const MAX_RETRIES = 3;
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 10_000;

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RequestOptions {
  /** "bearer" sends `Authorization: Bearer <token>` when a token is stored. */
  auth?: "bearer";
  signal?: AbortSignal;
  /** Extra request headers, such as the spec's `Cache-Control: max-age=120` on the random feed. */
  headers?: Record<string, string>;
}

export interface ApiDependencies {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** May fetch one first: a visitor's page carries no token. */
  csrfToken: () => string | Promise<string>;
  bearerToken: () => string | null;
}

/** A non-OK answer; `data` is the parsed body so callers can show the server's message. */
export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;

  constructor(message: string, status: number, data: unknown) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.data = data;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A text the server wrote in English (a refusal, a step, a result), in the page's language where it has one. */
export function translateServerText(text: string): string {
  const translated = t(text);
  if (translated !== text) return translated;
  const filled = catalogueTemplateOf(text);
  if (!filled) return text;
  const [template, values] = filled;
  return t(template, Object.fromEntries(Object.entries(values).map(([part, value]) => [part, translatedPart(part, value)])));
}

// A field's label, a failure's cause and the advice for it are interface texts too ('Title'), and a message inside
// a message is a server text itself; the other parts (names, counts) are shown as they are.
const INTERFACE_PARTS = new Set(["label", "cause", "advice"]);

function translatedPart(part: string, value: string): string {
  if (part === "message") return translateServerText(value);
  return INTERFACE_PARTS.has(part) ? t(value) : value;
}

/** The server's `message` from an ApiError body, in the page's language; else the fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && isRecord(error.data)) {
    const message = error.data.message;
    if (typeof message === "string" && message.trim()) return translateServerText(message);
  }
  return fallback;
}

/** The server's per-field messages (`errors: {field: message}`) from an ApiError body, in the page's language. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !isRecord(error.data) || !isRecord(error.data.errors)) return {};
  const fieldErrors: Record<string, string> = {};
  for (const [field, message] of Object.entries(error.data.errors)) {
    if (typeof message === "string") fieldErrors[field] = translateServerText(message);
  }
  return fieldErrors;
}

/** A refused form: the server's per-field messages, and its message for the form's own line unless a field says it. */
export function formRefusal(error: unknown, fallback: string): { fieldErrors: Record<string, string>; message: string | null } {
  const fieldErrors = serverFieldErrors(error);
  const message = serverMessage(error, fallback);
  return { fieldErrors, message: Object.values(fieldErrors).includes(message) ? null : message };
}

const UNSAFE_METHODS = new Set<HttpMethod>(["POST", "PUT", "PATCH", "DELETE"]);

// Resolved on every call so test fake timers, which replace these globals, drive the client.
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function backoffDelay(retry: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** retry, BACKOFF_MAX_MS);
}

function createSlots(size: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return {
    async acquire(): Promise<void> {
      if (active < size) {
        active += 1;
        return;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    release(): void {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    },
  };
}

interface StartGate {
  started: Promise<number>;
  startedAt: number | null;
  open: (at: number) => void;
}

function createStartGate(): StartGate {
  let resolve!: (at: number) => void;
  const gate: StartGate = {
    started: new Promise<number>((r) => (resolve = r)),
    startedAt: null,
    open(at) {
      gate.startedAt = at;
      resolve(at);
    },
  };
  return gate;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function linkAbort(source: AbortSignal | undefined, target: AbortController): () => void {
  if (!source) return () => {};
  if (source.aborted) {
    target.abort(source.reason);
    return () => {};
  }
  const onAbort = () => target.abort(source.reason);
  source.addEventListener("abort", onAbort, { once: true });
  return () => source.removeEventListener("abort", onAbort);
}

interface RawResult {
  ok: boolean;
  status: number;
  data: unknown;
}

export function createApiClient(deps: ApiDependencies) {
  const slots = createSlots(MAX_CONCURRENT_REQUESTS);
  const lastStarts = new Map<string, StartGate>();

  function forgetOldStarts(now: number): void {
    for (const [key, gate] of lastStarts) {
      if (gate.startedAt !== null && now - gate.startedAt >= MIN_IDENTICAL_INTERVAL_MS) lastStarts.delete(key);
    }
  }

  /** Runs a task once an identical request started ≥ 100 ms ago and one of the 3 slots is free. */
  async function runScheduled<T>(key: string, task: () => Promise<T>): Promise<T> {
    forgetOldStarts(Date.now());
    const previous = lastStarts.get(key);
    const gate = createStartGate();
    lastStarts.set(key, gate);
    if (previous) {
      const wait = (await previous.started) + MIN_IDENTICAL_INTERVAL_MS - Date.now();
      if (wait > 0) await sleep(wait);
    }
    await slots.acquire();
    gate.open(Date.now());
    try {
      return await task();
    } finally {
      slots.release();
    }
  }

  async function attempt(url: string, init: RequestInit, callerSignal?: AbortSignal): Promise<RawResult> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, REQUEST_TIMEOUT_MS);
    const unlink = linkAbort(callerSignal, controller);
    try {
      const response = await deps.fetch(url, { ...init, signal: controller.signal });
      const data = await readBody(response);
      return { ok: response.ok, status: response.status, data };
    } catch (error) {
      if (timedOut) throw new Error("Request timeout");
      throw error;
    } finally {
      clearTimeout(timer);
      unlink();
    }
  }

  async function buildInit(method: HttpMethod, body: unknown, options: RequestOptions): Promise<RequestInit> {
    const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
    if (UNSAFE_METHODS.has(method)) headers["X-CSRFToken"] = await deps.csrfToken();
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (options.auth === "bearer") {
      const token = deps.bearerToken();
      if (token) headers.Authorization = `Bearer ${token}`;
    }
    const init: RequestInit = { method, headers, credentials: "include" };
    if (body !== undefined) init.body = JSON.stringify(body);
    return init;
  }

  async function request<T>(method: HttpMethod, url: string, body: unknown, options: RequestOptions = {}): Promise<T> {
    const init = await buildInit(method, body, options);
    const key = `${method} ${url} ${typeof init.body === "string" ? init.body : ""}`;
    for (let retry = 0; ; retry += 1) {
      const result = await runScheduled(key, () => attempt(url, init, options.signal));
      if (result.ok) return result.data as T;
      if (result.status !== 429) throw new ApiError(`HTTP error! status: ${result.status}`, result.status, result.data);
      if (retry === MAX_RETRIES) throw new ApiError(`Rate limited after ${MAX_RETRIES} retries`, 429, result.data);
      await sleep(backoffDelay(retry));
    }
  }

  return {
    request,
    get: <T = unknown>(url: string, options?: RequestOptions) => request<T>("GET", url, undefined, options),
    post: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) => request<T>("POST", url, body, options),
    put: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) => request<T>("PUT", url, body, options),
    patch: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) => request<T>("PATCH", url, body, options),
    delete: <T = unknown>(url: string, options?: RequestOptions & { body?: unknown }) =>
      request<T>("DELETE", url, options?.body, options),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * A POST sent as the page goes (pagehide): at once, since nothing after the handler runs for sure, with the CSRF
 * token the page already holds (none yet: nothing is sent), and outliving the page; no one waits for its answer.
 */
export function postAsThePageGoes(url: string, send: typeof fetch = fetch): void {
  const { csrfToken } = getAppContext();
  if (!csrfToken) return;
  const headers = { Accept: "application/json", "X-CSRFToken": csrfToken };
  send(url, { method: "POST", headers, credentials: "include", keepalive: true }).catch(() => undefined);
}

export const api: ApiClient = createApiClient({
  fetch: (url, init) => fetch(url, init),
  csrfToken: () => ensureCsrfToken(),
  bearerToken: getToken,
});
