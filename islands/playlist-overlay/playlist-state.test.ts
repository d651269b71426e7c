// @vitest-environment node
import { describe, expect, it } from "vitest";
import type { Playlist } from "../lib/api-types";
import { closedOverlay, overlayReducer, playlistName, type OverlayAction, type OverlayState } from "./playlist-state";

function playlist(id: string, overrides: Partial<Playlist> = {}): Playlist {
  const owner = { createdBy: { username: "dancer" }, createdAt: "2025-03-14T09:00:00+00:00" };
  return { _id: id, name: `List ${id}`, description: "", isPublic: false, videoCount: 0, ...owner, ...overrides };
}

function run(state: OverlayState, ...actions: OverlayAction[]): OverlayState {
  return actions.reduce(overlayReducer, state);
}

const VIDEO = "7301234567890123456";

function loadedWith(playlists: Playlist[], containing: string[] = []): OverlayState {
  return run(closedOverlay, { type: "open", videoId: VIDEO, loading: true }, { type: "loaded", videoId: VIDEO, playlists, containing });
}

describe("opening and loading", () => {
  it("opens fresh for a video and shows what was loaded", () => {
    const opened = run(closedOverlay, { type: "open", videoId: VIDEO, loading: true });
    expect(opened).toMatchObject({ videoId: VIDEO, loading: true, playlists: [], editing: false, creating: false });
    const loaded = loadedWith([playlist("1"), playlist("2")], ["2"]);
    expect(loaded).toMatchObject({ loading: false, containing: ["2"] });
    expect(loaded.playlists).toHaveLength(2);
  });

  it("does not load for a visitor", () => {
    expect(run(closedOverlay, { type: "open", videoId: VIDEO, loading: false }).loading).toBe(false);
  });

  it("drops a late answer for another video, and ends loading on failure", () => {
    const opened = run(closedOverlay, { type: "open", videoId: VIDEO, loading: true });
    expect(overlayReducer(opened, { type: "loaded", videoId: "other", playlists: [playlist("9")], containing: [] })).toBe(opened);
    expect(overlayReducer(opened, { type: "load-failed", videoId: VIDEO })).toMatchObject({ loading: false, playlists: [] });
  });

  it("forgets everything when closed", () => {
    const state = run(loadedWith([playlist("1")]), { type: "toggle-edit" }, { type: "close" });
    expect(state).toEqual(closedOverlay);
  });
});

describe("toggles", () => {
  it("switches the create form and edit mode", () => {
    const state = run(loadedWith([]), { type: "toggle-create" }, { type: "toggle-edit" });
    expect(state).toMatchObject({ creating: true, editing: true });
    expect(run(state, { type: "toggle-create" }, { type: "toggle-edit" })).toMatchObject({ creating: false, editing: false });
  });
});

describe("changes", () => {
  it("puts a created playlist first and closes the form", () => {
    const state = run(loadedWith([playlist("1")]), { type: "toggle-create" }, { type: "created", playlist: playlist("2") });
    expect(state.playlists.map((p) => p._id)).toEqual(["2", "1"]);
    expect(state.creating).toBe(false);
  });

  it("marks a playlist busy while its request runs", () => {
    const busy = overlayReducer(loadedWith([playlist("1")]), { type: "request-started", playlistId: "1" });
    expect(busy.busy).toEqual(["1"]);
    expect(overlayReducer(busy, { type: "request-failed", playlistId: "1" }).busy).toEqual([]);
  });

  it("replaces a playlist whose privacy changed", () => {
    const state = run(
      loadedWith([playlist("1")]),
      { type: "request-started", playlistId: "1" },
      { type: "updated", playlist: playlist("1", { isPublic: true }) },
    );
    expect(state.playlists[0]?.isPublic).toBe(true);
    expect(state.busy).toEqual([]);
  });

  it("tracks membership and the server's count after adding and removing the video", () => {
    const added = overlayReducer(loadedWith([playlist("1")]), { type: "added", playlist: playlist("1", { videoCount: 1 }) });
    expect(added.containing).toEqual(["1"]);
    expect(added.playlists[0]?.videoCount).toBe(1);
    const removed = overlayReducer(added, { type: "removed", playlist: playlist("1", { videoCount: 0 }) });
    expect(removed.containing).toEqual([]);
    expect(removed.playlists[0]?.videoCount).toBe(0);
  });

  it("drops a deleted playlist", () => {
    const state = overlayReducer(loadedWith([playlist("1"), playlist("2")], ["1"]), { type: "deleted", playlistId: "1" });
    expect(state.playlists.map((p) => p._id)).toEqual(["2"]);
    expect(state.containing).toEqual([]);
  });
});

describe("playlistName", () => {
  it("trims and refuses an empty name", () => {
    expect(playlistName("  Salsa nights ")).toBe("Salsa nights");
    expect(playlistName("   ")).toBeNull();
    expect(playlistName("")).toBeNull();
  });
});
