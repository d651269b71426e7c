import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderHook } from "../test/dom";
import { makeVideos } from "../test/videos";
import { storedPlace } from "./address-bar";
import { useReturnedList } from "./useReturnedList";
import type { VideoSource } from "./useVideoList";

const PAGE = 20;
const videos = makeVideos(1, 60);

function source(key: string): VideoSource {
  return {
    key,
    fetchPage: (page) =>
      Promise.resolve({ videos: videos.slice((page - 1) * PAGE, page * PAGE), total: videos.length, hasMore: page < 3 }),
  };
}

const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

beforeEach(() => {
  vi.useFakeTimers();
  window.history.replaceState(null, "", "/following");
});

afterEach(() => {
  vi.useRealTimers();
});

describe("useReturnedList", () => {
  it("keeps the video on stage in the history entry as the list moves", async () => {
    const { result } = renderHook(() => useReturnedList(source("all"), "/following"));
    await settle();
    act(() => result.current.move(1));
    act(() => result.current.move(1));
    expect(storedPlace()).toEqual({ key: "all", index: 2, videoId: videos[2]?.videoId, video: videos[2] });
  });

  it("opened again on its entry, shows the kept video at once and picks up at it among the same list", async () => {
    const kept = videos[24];
    window.history.replaceState({ place: { key: "all", index: 24, videoId: kept?.videoId, video: kept } }, "");
    const { result } = renderHook(() => useReturnedList(source("all"), "/following"));
    expect(result.current.current).toEqual(kept);
    await settle();
    expect(result.current.current).toEqual(kept);
    expect(result.current.state.index).toBe(24);
    expect(result.current.state.videos.slice(0, 3)).toEqual(videos.slice(0, 3));
  });

  it("starts another list, and the same list chosen again later, at its first video", async () => {
    const kept = videos[24];
    window.history.replaceState({ place: { key: "all", index: 24, videoId: kept?.videoId, video: kept } }, "");
    let chosen = source("salsa");
    const { result, rerender } = renderHook(() => useReturnedList(chosen, "/following"));
    await settle();
    expect(result.current.current).toEqual(videos[0]);

    chosen = source("all");
    rerender();
    await settle();
    expect(result.current.current).toEqual(videos[0]);
    expect(result.current.state.index).toBe(0);
  });

  it("keeps nothing while the page looks up a named filter (no source yet)", async () => {
    const { result } = renderHook(() => useReturnedList(null, null));
    await settle();
    expect(result.current.current).toBeNull();
    expect(storedPlace()).toBeNull();
  });
});
