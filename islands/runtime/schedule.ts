/**
 * Which islands run at load and which wait for first use, without loading React: a page whose islands all wait
 * (the login dialog, the playlist overlay) ships only the entry script until a visitor asks for one of them.
 */
const ISLAND_SELECTOR = "[data-island]";

/** An island that mounts on the first `data-island-on` app event instead of at load. */
export function isDeferred(node: HTMLElement): boolean {
  return node.dataset.islandOn !== undefined;
}

/** Unmounted islands inside `scope` (scope included) that should mount now. */
export function islandsToMount(scope: ParentNode): HTMLElement[] {
  const nodes = Array.from(scope.querySelectorAll<HTMLElement>(ISLAND_SELECTOR));
  if (scope instanceof HTMLElement && scope.matches(ISLAND_SELECTOR)) nodes.unshift(scope);
  return nodes.filter((node) => node.dataset.islandMounted === undefined && !isDeferred(node));
}

/** Deferred islands inside `scope`, each with the event that brings it in. */
export function deferredIslands(scope: ParentNode): Array<{ node: HTMLElement; event: string }> {
  return Array.from(scope.querySelectorAll<HTMLElement>("[data-island][data-island-on]"))
    .filter((node) => node.dataset.islandMounted === undefined)
    .map((node) => ({ node, event: node.dataset.islandOn ?? "" }));
}
