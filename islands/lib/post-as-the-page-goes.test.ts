// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { postAsThePageGoes } from "./api";
import { setCsrfToken } from "./context";

const answered = async () => new Response(JSON.stringify({ success: true }));

describe("a POST sent as the page goes", () => {
  afterEach(() => setCsrfToken(""));

  it("is sent at once, outliving the page, with the token the page holds", () => {
    const send = vi.fn(answered);
    setCsrfToken("csrf-held");
    postAsThePageGoes("/api/tiktok/extraction-progress/mia/left", send);
    expect(send).toHaveBeenCalledTimes(1); // synchronously: nothing after a pagehide handler surely runs
    expect(send).toHaveBeenCalledWith("/api/tiktok/extraction-progress/mia/left", {
      method: "POST",
      headers: { Accept: "application/json", "X-CSRFToken": "csrf-held" },
      credentials: "include",
      keepalive: true,
    });
  });

  it("is not sent without a token, which could not be fetched in time", () => {
    const send = vi.fn(answered);
    setCsrfToken("");
    postAsThePageGoes("/api/x", send);
    expect(send).not.toHaveBeenCalled();
  });
});
