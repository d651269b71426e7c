import type { Playlist } from "../lib/api-types";

export const PLAYLIST_NAME_MAX_LENGTH = 100;
export const PLAYLIST_DESCRIPTION_MAX_LENGTH = 500;

export interface OverlayState {
  /** The video the overlay is open for; null while closed. */
  videoId: string | null;
  loading: boolean;
  /** The viewer's playlists, newest first. */
  playlists: Playlist[];
  /** Ids of the playlists that contain the video. */
  containing: string[];
  creating: boolean;
  editing: boolean;
  /** Ids of the playlists with a request running. */
  busy: string[];
}

export type OverlayAction =
  | { type: "open"; videoId: string; loading: boolean }
  | { type: "close" }
  | { type: "loaded"; videoId: string; playlists: Playlist[]; containing: string[] }
  | { type: "load-failed"; videoId: string }
  | { type: "toggle-create" }
  | { type: "toggle-edit" }
  | { type: "created"; playlist: Playlist }
  | { type: "request-started"; playlistId: string }
  | { type: "request-failed"; playlistId: string }
  | { type: "updated"; playlist: Playlist }
  | { type: "added"; playlist: Playlist }
  | { type: "removed"; playlist: Playlist }
  | { type: "deleted"; playlistId: string };

export const closedOverlay: OverlayState = {
  videoId: null,
  loading: false,
  playlists: [],
  containing: [],
  creating: false,
  editing: false,
  busy: [],
};

/** A playlist name as it is saved: trimmed; null when nothing is left. */
export function playlistName(typed: string): string | null {
  const name = typed.trim();
  return name ? name : null;
}

function without(ids: string[], id: string): string[] {
  return ids.filter((candidate) => candidate !== id);
}

function settle(state: OverlayState, playlist: Playlist): OverlayState {
  return {
    ...state,
    busy: without(state.busy, playlist._id),
    playlists: state.playlists.map((current) => (current._id === playlist._id ? playlist : current)),
  };
}

export function overlayReducer(state: OverlayState, action: OverlayAction): OverlayState {
  switch (action.type) {
    case "open":
      return { ...closedOverlay, videoId: action.videoId, loading: action.loading };
    case "close":
      return closedOverlay;
    case "loaded":
      // A late answer for a video the overlay is no longer open for is dropped.
      if (action.videoId !== state.videoId) return state;
      return { ...state, loading: false, playlists: action.playlists, containing: action.containing };
    case "load-failed":
      return action.videoId === state.videoId ? { ...state, loading: false } : state;
    case "toggle-create":
      return { ...state, creating: !state.creating };
    case "toggle-edit":
      return { ...state, editing: !state.editing };
    case "created":
      return { ...state, creating: false, playlists: [action.playlist, ...state.playlists] };
    case "request-started":
      return { ...state, busy: [...without(state.busy, action.playlistId), action.playlistId] };
    case "request-failed":
      return { ...state, busy: without(state.busy, action.playlistId) };
    case "updated":
      return settle(state, action.playlist);
    case "added":
      return { ...settle(state, action.playlist), containing: [...without(state.containing, action.playlist._id), action.playlist._id] };
    case "removed":
      return { ...settle(state, action.playlist), containing: without(state.containing, action.playlist._id) };
    case "deleted":
      return {
        ...state,
        busy: without(state.busy, action.playlistId),
        playlists: state.playlists.filter((playlist) => playlist._id !== action.playlistId),
        containing: without(state.containing, action.playlistId),
      };
  }
}
