import { useSyncExternalStore } from "react";
import { getAppContext } from "./context";

// Whom the viewer follows, for every Follow button on the page: read from the page's user, updated by toggles.
let followed: readonly string[] | null = null;
const listeners = new Set<() => void>();

function snapshot(): readonly string[] {
  followed ??= getAppContext().user?.subscribedTo ?? [];
  return followed;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function sameUsername(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** After a follow toggle: the server's new list when it sent one, else the creator added or removed. */
export function recordFollowing(username: string, subscribedTo: string[] | null, isFollowing: boolean): void {
  const others = snapshot().filter((name) => !sameUsername(name, username));
  followed = subscribedTo ?? (isFollowing ? [...others, username] : others);
  for (const listener of listeners) listener();
}

export function useFollowedCreators(): readonly string[] {
  return useSyncExternalStore(subscribe, snapshot);
}

/** Back to the page's user as the source; for tests that change the user. */
export function forgetFollowing(): void {
  followed = null;
}
