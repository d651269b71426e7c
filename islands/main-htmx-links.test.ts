// @vitest-environment jsdom
import { beforeAll, describe, expect, it, vi } from "vitest";

const setup = vi.hoisted(() => ({ startHtmx: vi.fn(), replayFirstUse: vi.fn(), replayClick: vi.fn() }));
vi.mock("./htmx-setup", () => setup);

beforeAll(async () => {
  document.head.innerHTML =
    '<script id="app-context" type="application/json">{"user":null,"csrfToken":"csrf-main","brand":"Danza","playerOrigin":"https://www.tiktok.com"}</script>';
  document.body.innerHTML = '<a id="range" href="/developer-portal?days=90" hx-get="/partials/portal-glance?days=90">90 days</a>';
  await import("./main");
});

/** Whether the page's own handlers held the click back (jsdom cannot follow a link: it is stopped after them). */
function click(target: Element, init: MouseEventInit = {}): { defaultPrevented: boolean } {
  let held = false;
  const afterThePage = (event: Event) => {
    held = event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener("click", afterThePage);
  target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, ...init }));
  document.removeEventListener("click", afterThePage);
  return { defaultPrevented: held };
}

describe("an htmx link clicked before htmx is ready", () => {
  it("is held, then given to htmx once it is, instead of loading the whole page again at its top", async () => {
    const range = document.getElementById("range") as HTMLAnchorElement;
    expect(click(range, { ctrlKey: true }).defaultPrevented).toBe(false); // a new tab is the link's own business
    range.dispatchEvent(new MouseEvent("pointerdown", { bubbles: true }));
    expect(click(range).defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(setup.replayClick).toHaveBeenCalledWith(range));
    expect(setup.startHtmx).toHaveBeenCalledTimes(1);
    expect(click(range).defaultPrevented).toBe(false); // htmx is ready: its own handler takes the click
    expect(setup.replayClick).toHaveBeenCalledTimes(1);
  });
});
