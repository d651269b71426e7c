// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { htmxErrorMessage, showToast } from "./toast";

describe("htmxErrorMessage", () => {
  it("uses the server's message from the JSON envelope", () => {
    expect(htmxErrorMessage(429, '{"success":false,"message":"Too many requests."}')).toBe("Too many requests.");
  });

  it("falls back to the status for other bodies", () => {
    expect(htmxErrorMessage(500, "<html>oops</html>")).toBe("HTTP error! status: 500");
    expect(htmxErrorMessage(502, '{"error":"x"}')).toBe("HTTP error! status: 502");
  });
});

describe("showToast", () => {
  afterEach(() => vi.useRealTimers());

  it("shows the message in the region and removes it after 5 s", () => {
    vi.useFakeTimers();
    const region = document.createElement("div");
    const toast = showToast("Something failed", region);
    expect(region.textContent).toBe("Something failed");
    vi.advanceTimersByTime(4999);
    expect(region.contains(toast)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(region.contains(toast)).toBe(false);
  });

  it("does nothing without a region", () => {
    expect(showToast("x", null)).toBeNull();
  });
});
