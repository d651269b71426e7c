import type { Playlist, User } from "./api-types";

export type AuthMode = "login" | "register";

export interface AppEventDetails {
  "app:open-auth": { mode: AuthMode };
  "app:auth-changed": { user: User | null };
  "app:open-playlists": { videoId: string };
  /** The catalog changed under the page (a creator deleted, a video removed, a health check done). */
  "app:catalog-changed": Record<string, never>;
  /** One of the viewer's playlists changed in the 'Add to Playlist' dialog (a video added or removed, made public
   * or private): the playlist as the server now has it. */
  "app:playlist-changed": { playlist: Playlist };
}

export type AppEventName = keyof AppEventDetails;

/** Dispatches a cancelable app event on document; returns false when a listener called preventDefault(). */
export function emitAppEvent<K extends AppEventName>(name: K, detail: AppEventDetails[K]): boolean {
  return document.dispatchEvent(new CustomEvent(name, { detail, cancelable: true }));
}

/** Listens for an app event on document; returns the function that stops listening. */
export function onAppEvent<K extends AppEventName>(
  name: K,
  handler: (detail: AppEventDetails[K], event: CustomEvent<AppEventDetails[K]>) => void,
): () => void {
  const listener = (event: Event) => {
    const custom = event as CustomEvent<AppEventDetails[K]>;
    handler(custom.detail, custom);
  };
  document.addEventListener(name, listener);
  return () => document.removeEventListener(name, listener);
}

/**
 * Says that the catalog changed, so whatever on the page counts it reads it again: the portal's stat cards and
 * health counts, and the sidebar's creators (drawn by the server, so drawn again: see main.ts).
 */
export function announceCatalogChange(): void {
  emitAppEvent("app:catalog-changed", {});
}

let pendingAuthMode: AuthMode | null = null;

/**
 * Asks the auth dialog to open. The dialog's island loads lazily, so a request nobody claimed
 * (via preventDefault) is kept until the dialog mounts and takes it.
 */
export function requestAuth(mode: AuthMode): void {
  const unclaimed = emitAppEvent("app:open-auth", { mode });
  pendingAuthMode = unclaimed ? mode : null;
}

export function takePendingAuthRequest(): AuthMode | null {
  const mode = pendingAuthMode;
  pendingAuthMode = null;
  return mode;
}

let pendingPlaylistVideoId: string | null = null;

/** Asks the playlist overlay to open for a video; kept, like requestAuth, until the lazily loaded overlay takes it. */
export function requestPlaylists(videoId: string): void {
  const unclaimed = emitAppEvent("app:open-playlists", { videoId });
  pendingPlaylistVideoId = unclaimed ? videoId : null;
}

export function takePendingPlaylistRequest(): string | null {
  const videoId = pendingPlaylistVideoId;
  pendingPlaylistVideoId = null;
  return videoId;
}
