// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, createApiClient, formRefusal, serverFieldErrors, serverMessage, translateServerText } from "./api";
import { setMessages } from "./i18n";

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === undefined ? "" : JSON.stringify(body), { status });
}

interface Call {
  url: string;
  init: RequestInit;
}

function setup(options: { token?: string | null; respond?: (call: Call) => Promise<Response> } = {}) {
  const calls: Call[] = [];
  const respond = options.respond ?? (async () => jsonResponse({ ok: true }));
  const fetch = vi.fn((url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    return respond(call);
  });
  const client = createApiClient({
    fetch,
    csrfToken: () => "csrf-123",
    bearerToken: () => options.token ?? null,
  });
  return { client, calls, fetch };
}

function headersOf(call: Call | undefined): Record<string, string> {
  return (call?.init.headers ?? {}) as Record<string, string>;
}

/** A fetch that only settles when the test says so, and rejects like the real one when aborted. */
function controllableFetch() {
  const pending: Array<(response: Response) => void> = [];
  const respond = ({ init }: Call) =>
    new Promise<Response>((resolve, reject) => {
      pending.push(resolve);
      init.signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError")));
    });
  return { pending, respond };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("request headers", () => {
  it("waits for a CSRF token that has to be fetched before an unsafe request", async () => {
    const calls: Call[] = [];
    const client = createApiClient({
      fetch: vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        return jsonResponse({ ok: true });
      }),
      csrfToken: () => Promise.resolve("fetched-token"),
      bearerToken: () => null,
    });
    await client.post("/api/auth/login", { email: "a@example.com" });
    expect(headersOf(calls[0])["X-CSRFToken"]).toBe("fetched-token");
  });

  it("always sends credentials and sends the CSRF header only on unsafe methods", async () => {
    const { client, calls } = setup();
    await client.get("/api/a");
    await client.post("/api/b", { x: 1 });
    await client.put("/api/c", { x: 2 });
    await client.patch("/api/d", { x: 3 });
    await client.delete("/api/e");

    expect(calls.map((call) => call.init.credentials)).toEqual(Array(5).fill("include"));
    expect(calls.map((call) => call.init.method)).toEqual(["GET", "POST", "PUT", "PATCH", "DELETE"]);
    expect(headersOf(calls[0])["X-CSRFToken"]).toBeUndefined();
    for (const call of calls.slice(1)) expect(headersOf(call)["X-CSRFToken"]).toBe("csrf-123");
  });

  it("adds a caller's headers without letting them drop the CSRF token", async () => {
    const { client, calls } = setup();
    await client.get("/api/feed", { headers: { "Cache-Control": "max-age=120" } });
    await client.post("/api/x", {}, { headers: { "X-CSRFToken": "forged" } });

    expect(headersOf(calls[0])["Cache-Control"]).toBe("max-age=120");
    expect(headersOf(calls[1])["X-CSRFToken"]).toBe("csrf-123");
  });

  it("sends a JSON content type only with a body", async () => {
    const { client, calls } = setup();
    await client.post("/api/with-body", { name: "x" });
    await client.post("/api/without-body");
    await client.get("/api/get");

    expect(headersOf(calls[0])["Content-Type"]).toBe("application/json");
    expect(calls[0]?.init.body).toBe('{"name":"x"}');
    expect(headersOf(calls[1])["Content-Type"]).toBeUndefined();
    expect(calls[1]?.init.body).toBeUndefined();
    expect(headersOf(calls[2])["Content-Type"]).toBeUndefined();
  });

  it("sends the bearer token only when asked and when one is stored", async () => {
    const withToken = setup({ token: "tok-1" });
    await withToken.client.get("/api/plain");
    await withToken.client.get("/api/bearer", { auth: "bearer" });
    expect(headersOf(withToken.calls[0]).Authorization).toBeUndefined();
    expect(headersOf(withToken.calls[1]).Authorization).toBe("Bearer tok-1");

    const withoutToken = setup({ token: null });
    await withoutToken.client.get("/api/bearer", { auth: "bearer" });
    expect(headersOf(withoutToken.calls[0]).Authorization).toBeUndefined();
  });
});

describe("scheduling", () => {
  it("runs at most 3 requests at once and starts the next when one finishes", async () => {
    const { pending, respond } = controllableFetch();
    const { client, fetch } = setup({ respond });
    const requests = [1, 2, 3, 4, 5].map((n) => client.get(`/api/item/${n}`));

    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(3);

    pending[0]?.(jsonResponse({ n: 1 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(fetch.mock.calls[3]?.[0]).toBe("/api/item/4");

    pending[1]?.(jsonResponse({ n: 2 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(5);

    for (const resolve of pending.slice(2)) resolve(jsonResponse({}));
    await expect(Promise.all(requests)).resolves.toHaveLength(5);
  });

  it("starts an identical request no sooner than 100 ms after the previous one started", async () => {
    const { client, fetch } = setup();
    const first = client.get("/api/same");
    const second = client.get("/api/same");
    const third = client.get("/api/same");

    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(99);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(99);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(3);
    await Promise.all([first, second, third]);
  });

  it("does not delay requests that differ in method, URL or body", async () => {
    const { client, fetch } = setup();
    const requests = [
      client.post("/api/same", { a: 1 }),
      client.post("/api/same", { a: 2 }),
      client.get("/api/same"),
    ];
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(3);
    await Promise.all(requests);
  });

  it("waits only for what remains of the 100 ms after an earlier identical request", async () => {
    const { client, fetch } = setup();
    await client.get("/api/again");
    await vi.advanceTimersByTimeAsync(60);
    const again = client.get("/api/again");
    await vi.advanceTimersByTimeAsync(39);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await again;
  });
});

describe("timeout", () => {
  it("aborts after 10 s and throws 'Request timeout'", async () => {
    const { respond } = controllableFetch();
    const { client } = setup({ respond });
    const request = client.get("/api/slow");
    const outcome = request.then(
      () => "resolved",
      (error: Error) => error.message,
    );

    await vi.advanceTimersByTimeAsync(9_999);
    await expect(Promise.race([outcome, Promise.resolve("still waiting")])).resolves.toBe("still waiting");
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toBe("Request timeout");
  });

  it("passes a caller's abort through instead of calling it a timeout", async () => {
    const { respond } = controllableFetch();
    const { client } = setup({ respond });
    const controller = new AbortController();
    const request = client.get("/api/cancel", { signal: controller.signal });
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    await expect(request).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("429 handling", () => {
  it("retries after 1 s, 2 s and 4 s, then throws 'Rate limited after 3 retries'", async () => {
    const { client, fetch } = setup({ respond: async () => jsonResponse({ message: "Slow down" }, 429) });
    const outcome = client.get("/api/busy").catch((error: unknown) => error);

    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(3_999);
    expect(fetch).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(4);

    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("Rate limited after 3 retries");
    expect((error as ApiError).status).toBe(429);
    expect(serverMessage(error, "fallback")).toBe("Slow down");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it("returns the data when a retry succeeds", async () => {
    let attempts = 0;
    const { client } = setup({
      respond: async () => (++attempts < 3 ? jsonResponse({}, 429) : jsonResponse({ videos: [1] })),
    });
    const request = client.get("/api/eventually");
    await vi.advanceTimersByTimeAsync(3_000);
    await expect(request).resolves.toEqual({ videos: [1] });
    expect(attempts).toBe(3);
  });
});

describe("responses", () => {
  it("throws an ApiError carrying the status and the parsed body for other non-OK answers", async () => {
    const body = { success: false, message: "Database unavailable", errors: { email: "Taken", bad: 3 } };
    const { client, fetch } = setup({ respond: async () => jsonResponse(body, 500) });
    const error = await client.post("/api/fail", { a: 1 }).catch((caught: unknown) => caught);

    expect(fetch).toHaveBeenCalledTimes(1);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("HTTP error! status: 500");
    expect((error as ApiError).status).toBe(500);
    expect((error as ApiError).data).toEqual(body);
    expect(serverMessage(error, "Login failed")).toBe("Database unavailable");
    expect(serverFieldErrors(error)).toEqual({ email: "Taken" });
  });

  it("falls back when there is no server message", async () => {
    const { client } = setup({ respond: async () => new Response("<h1>Bad gateway</h1>", { status: 502 }) });
    const error = await client.get("/api/html-error").catch((caught: unknown) => caught);
    expect((error as ApiError).message).toBe("HTTP error! status: 502");
    expect(serverMessage(error, "Registration failed")).toBe("Registration failed");
    expect(serverMessage(new Error("Request timeout"), "Login failed")).toBe("Login failed");
    expect(serverFieldErrors(error)).toEqual({});
  });

  it("leaves out of a form's line the message one of its fields already shows", () => {
    const atField = new ApiError("HTTP error! status: 409", 409, {
      message: "Username already exists",
      errors: { username: "Username already exists" },
    });
    expect(formRefusal(atField, "Registration failed")).toEqual({
      fieldErrors: { username: "Username already exists" },
      message: null,
    });
    const forTheForm = new ApiError("HTTP error! status: 429", 429, { message: "Too many requests" });
    expect(formRefusal(forTheForm, "Registration failed")).toEqual({ fieldErrors: {}, message: "Too many requests" });
    expect(formRefusal(new Error("Request timeout"), "Registration failed").message).toBe("Registration failed");
  });

  it("returns parsed JSON, or null for an empty body", async () => {
    const { client } = setup({
      respond: async ({ url }) => (url === "/api/empty" ? new Response(null, { status: 204 }) : jsonResponse({ a: 1 })),
    });
    await expect(client.get("/api/json")).resolves.toEqual({ a: 1 });
    await expect(client.delete("/api/empty")).resolves.toBeNull();
  });
});

describe("the server's messages in the page's language", () => {
  const vietnamese = {
    "Current password is incorrect": "Mật khẩu hiện tại không đúng",
    "Username already exists": "Tên người dùng đã tồn tại",
    "Found {count} videos for @{username}": "Đã tìm thấy {count} video của @{username}",
    "{label} is required": "{label} là bắt buộc",
    Title: "Tiêu đề",
  };
  const refusal = (message: string, errors?: Record<string, string>) =>
    new ApiError("HTTP error! status: 400", 400, { success: false, message, errors });

  afterEach(() => setMessages({}));

  it("are shown as sent on an English page", () => {
    expect(serverMessage(refusal("Current password is incorrect"), "Failed")).toBe("Current password is incorrect");
    expect(translateServerText("Found 12 videos for @mia")).toBe("Found 12 videos for @mia");
  });

  it("are translated on a Vietnamese page, with a varying part kept, and unknown ones left in English", () => {
    setMessages(vietnamese);
    expect(serverMessage(refusal("Current password is incorrect"), "Failed")).toBe("Mật khẩu hiện tại không đúng");
    expect(formRefusal(refusal("Username already exists", { username: "Username already exists" }), "Failed")).toEqual({
      fieldErrors: { username: "Tên người dùng đã tồn tại" },
      message: null,
    });
    expect(serverFieldErrors(refusal("Invalid", { title: "Title is required" }))).toEqual({ title: "Tiêu đề là bắt buộc" });
    expect(translateServerText("Found 12 videos for @mia.dance")).toBe("Đã tìm thấy 12 video của @mia.dance");
    expect(serverMessage(refusal("Something new"), "Failed")).toBe("Something new");
  });
});
