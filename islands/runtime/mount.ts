import { createElement, startTransition } from "react";
import { createRoot, type Root } from "react-dom/client";
import { IslandErrorBoundary } from "./IslandErrorBoundary";
import { IslandRoot } from "./IslandRoot";
import { islandRegistry, type IslandLoader, type IslandProps } from "./registry";
import { islandsToMount } from "./schedule";

const MOUNT_STATE = "islandMounted";
const roots = new WeakMap<Element, Root>();

/** Reads the JSON props from the mount node's own `<script type="application/json" data-props>` child. */
export function readIslandProps(node: Element): IslandProps {
  const script = node.querySelector(':scope > script[type="application/json"][data-props]');
  if (!script?.textContent) return {};
  const parsed: unknown = JSON.parse(script.textContent);
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new Error("Island props must be a JSON object");
  }
  return parsed as IslandProps;
}

async function mountIsland(node: HTMLElement, load: IslandLoader): Promise<void> {
  const name = node.dataset.island ?? "";
  try {
    const props = readIslandProps(node);
    const Component = await load();
    const root = createRoot(node);
    roots.set(node, root);
    const onCommitted = () => {
      node.dataset[MOUNT_STATE] = "true";
    };
    const island = createElement(Component, props);
    // As a transition, the first render yields to the browser every few milliseconds instead of holding the main
    // thread for the whole island: input and paint stay responsive while a feed mounts. The server's fallback
    // stays on screen until the island commits.
    startTransition(() => {
      root.render(
        createElement(IslandErrorBoundary, {
          name,
          children: createElement(IslandRoot, { onCommitted, children: island }),
        }),
      );
    });
  } catch (error) {
    // The server-rendered fallback stays in place, so the page is still usable.
    node.dataset[MOUNT_STATE] = "failed";
    console.error(`Island "${name}" could not be mounted`, error);
  }
}

/** Mounts one island node (a deferred one when its event comes), unless it is mounted or mounting already. */
export function mountIslandNode(node: HTMLElement): void {
  if (node.dataset[MOUNT_STATE] !== undefined) return;
  const name = node.dataset.island ?? "";
  const load = islandRegistry[name];
  if (!load) {
    node.dataset[MOUNT_STATE] = "failed";
    console.error(`Unknown island "${name}"`);
    return;
  }
  node.dataset[MOUNT_STATE] = "pending";
  void mountIsland(node, load);
}

/** Mounts every island inside `scope` (including scope itself) that runs at load and is not mounted yet. */
export function mountIslands(scope: ParentNode = document): void {
  for (const node of islandsToMount(scope)) mountIslandNode(node);
}

/** Unmounts the React root on a node htmx is about to remove, so its effects and listeners end with it. */
export function unmountIsland(node: Element): void {
  const root = roots.get(node);
  if (!root) return;
  roots.delete(node);
  root.unmount();
}
