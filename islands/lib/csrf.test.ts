// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { setCsrfToken } from "./context";
import { ensureCsrfToken } from "./csrf";

describe("ensureCsrfToken", () => {
  afterEach(() => setCsrfToken(""));

  it("asks the server once for a visitor whose page carried no token, then keeps it", async () => {
    setCsrfToken("");
    const fetcher = vi.fn(async () => new Response(JSON.stringify({ csrfToken: "fetched" }), { status: 200 }));
    const both = await Promise.all([ensureCsrfToken(fetcher), ensureCsrfToken(fetcher)]);
    expect(both).toEqual(["fetched", "fetched"]);
    expect(await ensureCsrfToken(fetcher)).toBe("fetched");
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher).toHaveBeenCalledWith("/api/auth/csrf", expect.objectContaining({ credentials: "include" }));
  });

  it("uses the page's token without asking", async () => {
    setCsrfToken("from-page");
    const fetcher = vi.fn();
    expect(await ensureCsrfToken(fetcher)).toBe("from-page");
    expect(fetcher).not.toHaveBeenCalled();
  });

  it("fails, and asks again next time, when the server gives no token", async () => {
    setCsrfToken("");
    const fetcher = vi.fn(async () => new Response("", { status: 503 }));
    await expect(ensureCsrfToken(fetcher)).rejects.toThrow("503");
    await expect(ensureCsrfToken(fetcher)).rejects.toThrow("503");
    expect(fetcher).toHaveBeenCalledTimes(2);
  });
});
