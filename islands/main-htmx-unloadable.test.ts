// @vitest-environment jsdom
import { beforeAll, describe, expect, it, vi } from "vitest";
import { goTo } from "./lib/navigation";

vi.mock("./htmx-setup", () => {
  throw new Error("Failed to fetch dynamically imported module"); // an old page after a release, or offline
});
vi.mock("./lib/navigation", () => ({ goTo: vi.fn(), replaceWith: vi.fn(), reloadPage: vi.fn(), currentPathAndSearch: () => "/" }));

beforeAll(async () => {
  document.head.innerHTML =
    '<script id="app-context" type="application/json">{"user":null,"csrfToken":"csrf-main","brand":"Danza","playerOrigin":"https://www.tiktok.com"}</script>';
  document.body.innerHTML = '<a id="range" href="/developer-portal?days=90" hx-get="/partials/portal-glance?days=90">90 days</a>';
  await import("./main");
});

describe("an htmx link whose htmx cannot load", () => {
  it("is followed as a plain link, so the click is never lost", async () => {
    const range = document.getElementById("range") as HTMLAnchorElement;
    range.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith(range.href));
  });
});
