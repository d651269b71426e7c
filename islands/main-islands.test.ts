// @vitest-environment jsdom
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("htmx.org", () => ({ default: { onLoad: vi.fn(), config: {} } }));
const runtime = vi.hoisted(() => ({ mountIslands: vi.fn(), mountIslandNode: vi.fn(), unmountIsland: vi.fn() }));
vi.mock("./runtime/mount", () => runtime);

beforeAll(async () => {
  document.body.innerHTML = `
    <div id="auth" data-island="auth-modals" data-island-on="app:open-auth"></div>
    <div id="overlay" data-island="playlist-overlay" data-island-on="app:open-playlists"></div>`;
  await import("./main");
});

describe("islands that wait for first use", () => {
  it("load no island runtime (and no React) on a page without an island to run", async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runtime.mountIslands).not.toHaveBeenCalled();
    expect(runtime.mountIslandNode).not.toHaveBeenCalled();
  });

  it("mount the dialog its event asks for, once", async () => {
    document.dispatchEvent(new CustomEvent("app:open-auth", { detail: { mode: "login" } }));
    document.dispatchEvent(new CustomEvent("app:open-auth", { detail: { mode: "login" } }));
    await vi.waitFor(() => expect(runtime.mountIslandNode).toHaveBeenCalledTimes(1));
    expect(runtime.mountIslandNode).toHaveBeenCalledWith(document.getElementById("auth"));
  });
});
