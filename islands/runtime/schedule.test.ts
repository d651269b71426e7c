// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { deferredIslands, islandsToMount } from "./schedule";

function island(name: string, attributes: Record<string, string> = {}): HTMLElement {
  const node = document.createElement("div");
  node.dataset.island = name;
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  document.body.append(node);
  return node;
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("island scheduling", () => {
  it("mounts ordinary islands at load and leaves deferred ones for their event", () => {
    const feed = island("home-feed");
    const auth = island("auth-modals", { "data-island-on": "app:open-auth" });
    expect(islandsToMount(document)).toEqual([feed]);
    expect(deferredIslands(document)).toEqual([{ node: auth, event: "app:open-auth" }]);
  });

  it("skips islands that are mounted or mounting", () => {
    island("home-feed", { "data-island-mounted": "pending" });
    island("auth-modals", { "data-island-on": "app:open-auth", "data-island-mounted": "true" });
    expect(islandsToMount(document)).toEqual([]);
    expect(deferredIslands(document)).toEqual([]);
  });

  it("counts the scope itself when it is an island", () => {
    const node = island("creator");
    expect(islandsToMount(node)).toEqual([node]);
  });
});
