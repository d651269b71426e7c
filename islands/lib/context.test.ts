// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { getAppContext, setCsrfToken } from "./context";

describe("setCsrfToken", () => {
  it("replaces the page's CSRF token and keeps the rest of the context", () => {
    const script = document.createElement("script");
    script.id = "app-context";
    script.type = "application/json";
    script.textContent = JSON.stringify({ user: null, csrfToken: "old", brand: "Danza" });
    document.body.append(script);

    expect(getAppContext().csrfToken).toBe("old");
    setCsrfToken("renewed");
    expect(getAppContext()).toMatchObject({ csrfToken: "renewed", brand: "Danza", user: null });
    script.remove();
  });
});
