// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render } from "../test/dom";
import { IslandErrorBoundary } from "./IslandErrorBoundary";
import { mountIslands, readIslandProps, unmountIsland } from "./mount";

function islandNode(name: string, props: string | null, fallback = "<p>Server fallback</p>"): HTMLElement {
  const node = document.createElement("div");
  node.dataset.island = name;
  const script = props === null ? "" : `<script type="application/json" data-props>${props}</script>`;
  node.innerHTML = `${script}${fallback}`;
  document.body.append(node);
  return node;
}

/** Polls without act(), because these islands render on their own schedule as they do in a page. */
async function eventually(assertion: () => void, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

afterEach(() => {
  document.body.innerHTML = "";
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("readIslandProps", () => {
  it("reads the mount node's own JSON props script", () => {
    const node = islandNode("access-guard", '{"role":"admin","target":"x"}');
    expect(readIslandProps(node)).toEqual({ role: "admin", target: "x" });
  });

  it("gives empty props without a script and refuses non-object JSON", () => {
    expect(readIslandProps(islandNode("auth-modals", null))).toEqual({});
    expect(() => readIslandProps(islandNode("auth-modals", "[1]"))).toThrow("Island props must be a JSON object");
  });
});

describe("mountIslands", () => {
  const reactTestFlags = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  beforeEach(() => {
    reactTestFlags.IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterEach(() => {
    reactTestFlags.IS_REACT_ACT_ENVIRONMENT = true;
  });

  it("mounts lazily, replacing the fallback, and never twice", async () => {
    vi.stubGlobal("fetch", vi.fn(() => new Promise(() => {})));
    const node = islandNode("access-guard", '{"role":"admin","target":"portal"}');
    mountIslands(document);
    expect(node.dataset.islandMounted).toBe("pending");

    await eventually(() => expect(node.dataset.islandMounted).toBe("true"));
    expect(node.textContent).toBe("Checking access...");
    mountIslands(document);
    mountIslands(node);
    expect(node.querySelectorAll(".loading-state")).toHaveLength(1);
    unmountIsland(node);
    expect(node.textContent).toBe("");
  });

  it("mounts islands inside a swapped-in fragment, including the fragment root", async () => {
    vi.stubGlobal("fetch", vi.fn(() => new Promise(() => {})));
    const node = islandNode("access-guard", '{"role":"user","target":"t"}');
    mountIslands(node);
    await eventually(() => expect(node.dataset.islandMounted).toBe("true"));
  });

  it("keeps the server fallback and logs when an island cannot mount", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const unknown = islandNode("no-such-island", "{}");
    const broken = islandNode("access-guard", "{not json");
    mountIslands(document);

    await eventually(() => expect(broken.dataset.islandMounted).toBe("failed"));
    expect(unknown.dataset.islandMounted).toBe("failed");
    expect(unknown.querySelector("p")?.textContent).toBe("Server fallback");
    expect(broken.querySelector("p")?.textContent).toBe("Server fallback");
    expect(logged).toHaveBeenCalledTimes(2);
  });
});

describe("IslandErrorBoundary", () => {
  it("shows a small notice instead of a blank area and logs the error", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    function Broken(): never {
      throw new Error("kaput");
    }
    const rendered = render(
      <IslandErrorBoundary name="broken">
        <Broken />
      </IslandErrorBoundary>,
    );
    expect(rendered.container.querySelector('[role="alert"]')?.textContent).toBe("Something went wrong");
    expect(logged).toHaveBeenCalledWith('Island "broken" failed to render', expect.any(Error), expect.any(String));
    rendered.unmount();
  });
});
