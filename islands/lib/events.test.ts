// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import {
  emitAppEvent,
  onAppEvent,
  requestAuth,
  requestPlaylists,
  takePendingAuthRequest,
  takePendingPlaylistRequest,
} from "./events";

describe("app events", () => {
  it("delivers typed details on document and stops when asked", () => {
    const handler = vi.fn();
    const stop = onAppEvent("app:auth-changed", handler);
    emitAppEvent("app:auth-changed", { user: null });
    stop();
    emitAppEvent("app:auth-changed", { user: null });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler.mock.calls[0]?.[0]).toEqual({ user: null });
  });

  it("keeps an auth request nobody claimed until the dialog takes it", () => {
    requestAuth("register");
    expect(takePendingAuthRequest()).toBe("register");
    expect(takePendingAuthRequest()).toBeNull();

    const stop = onAppEvent("app:open-auth", (_detail, event) => event.preventDefault());
    requestAuth("login");
    stop();
    expect(takePendingAuthRequest()).toBeNull();
  });

  it("opens the playlist overlay for a video, keeping the request until the overlay takes it", () => {
    const handler = vi.fn((_detail: { videoId: string }, event: Event) => event.preventDefault());
    const stop = onAppEvent("app:open-playlists", handler);
    requestPlaylists("7301234567890123456");
    stop();
    expect(handler.mock.calls[0]?.[0]).toEqual({ videoId: "7301234567890123456" });
    expect(takePendingPlaylistRequest()).toBeNull();

    requestPlaylists("7301234567890123457");
    expect(takePendingPlaylistRequest()).toBe("7301234567890123457");
    expect(takePendingPlaylistRequest()).toBeNull();
  });
});
