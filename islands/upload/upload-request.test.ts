import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, serverFieldErrors } from "../lib/api";
import { FakeXhr } from "./test-xhr";
import { sendUpload } from "./upload-request";

vi.mock("../lib/context", () => ({ getAppContext: () => ({ csrfToken: "csrf-token" }) }));

beforeEach(() => {
  FakeXhr.instances = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});

afterEach(() => vi.unstubAllGlobals());

describe("sendUpload", () => {
  it("posts the form with the CSRF header and cookies, reporting upload progress", async () => {
    const onProgress = vi.fn();
    const body = new FormData();
    const sent = sendUpload(body, { onProgress });
    const request = FakeXhr.latest();
    expect([request.method, request.url, request.withCredentials]).toEqual(["POST", "/api/uploads", true]);
    expect(request.headers).toMatchObject({ "X-CSRFToken": "csrf-token", Accept: "application/json" });
    expect(request.body).toBe(body);

    request.progress(512, 1024);
    request.progress(1024, 1024);
    request.respond(201, { success: true, message: "Upload complete!" });
    await expect(sent).resolves.toEqual({ success: true, message: "Upload complete!" });
    expect(onProgress.mock.calls).toEqual([
      [512, 1024],
      [1024, 1024],
    ]);
  });

  it("rejects a refusal as an ApiError carrying the server's field errors", async () => {
    const sent = sendUpload(new FormData(), { onProgress: () => {} });
    FakeXhr.latest().respond(400, { success: false, message: "Title is required", errors: { title: "Title is required" } });
    const error = await sent.catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("HTTP error! status: 400");
    expect(serverFieldErrors(error)).toEqual({ title: "Title is required" });
  });

  it("rejects on a network failure and on cancelling", async () => {
    const failed = sendUpload(new FormData(), { onProgress: () => {} });
    FakeXhr.latest().failNetwork();
    await expect(failed).rejects.toThrow("Network error occurred");

    const controller = new AbortController();
    const cancelled = sendUpload(new FormData(), { onProgress: () => {}, signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: "AbortError" });
  });
});
