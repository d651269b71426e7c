// @vitest-environment jsdom
import { beforeAll, describe, expect, it, vi } from "vitest";
import { announceCatalogChange } from "./lib/events";

const setup = vi.hoisted(() => ({ startHtmx: vi.fn(), replayFirstUse: vi.fn(), replayClick: vi.fn(), refreshFragment: vi.fn() }));
vi.mock("./htmx-setup", () => setup);

beforeAll(async () => {
  document.head.innerHTML =
    '<script id="app-context" type="application/json">{"user":null,"csrfToken":"","brand":"Danza","playerOrigin":"https://www.tiktok.com"}</script>';
  document.body.innerHTML = `<aside id="sidebar">
    <section class="celebrities" data-refresh-on="app:catalog-changed" data-refresh-url="/partials/celebrities"></section>
  </aside>`;
  await import("./main");
});

describe("server-drawn parts that follow the catalog", () => {
  it("are drawn again by the server (through htmx, loaded then) when an island says the catalog changed", async () => {
    expect(setup.startHtmx).not.toHaveBeenCalled();
    const celebrities = document.querySelector(".celebrities");

    announceCatalogChange();
    await vi.waitFor(() => expect(setup.refreshFragment).toHaveBeenCalledTimes(1));
    expect(setup.refreshFragment.mock.calls[0]?.[0]).toBe(celebrities);
    expect(setup.startHtmx).toHaveBeenCalledTimes(1);

    announceCatalogChange();
    await vi.waitFor(() => expect(setup.refreshFragment).toHaveBeenCalledTimes(2));
    expect(setup.startHtmx).toHaveBeenCalledTimes(1);
  });
});
