// @vitest-environment node
import { describe, expect, it } from "vitest";
import { makeVideo, makeVideos } from "../test/videos";
import {
  appendUnique,
  initialVideoList,
  listPlace,
  pageHasMore,
  shouldLoadMore,
  videoListReducer,
  type VideoListAction,
  type VideoListState,
} from "./video-list";

function run(state: VideoListState, ...actions: VideoListAction[]): VideoListState {
  return actions.reduce(videoListReducer, state);
}

function loaded(key = "hashtag:dance", videos = makeVideos(1, 20), total = 45): VideoListState {
  return run(initialVideoList(key, null), { type: "pageLoaded", key, page: 1, videos, total });
}

describe("appendUnique", () => {
  it("appends new videos without duplicates, by videoId, dropping unplayable ids", () => {
    const merged = appendUnique(makeVideos(1, 3), [makeVideo(2), makeVideo(4), makeVideo(4), makeVideo(1), { ...makeVideo(5), videoId: "0" }]);
    expect(merged.map((video) => video.username)).toEqual(["dancer1", "dancer2", "dancer3", "dancer4"]);
  });
});

describe("paging", () => {
  it("has more only after a full page of 20 while the total exceeds 20 per page loaded", () => {
    expect(pageHasMore(20, 45, 1)).toBe(true);
    expect(pageHasMore(20, 45, 2)).toBe(true);
    expect(pageHasMore(5, 45, 3)).toBe(false);
    expect(pageHasMore(20, 40, 2)).toBe(false);
    expect(pageHasMore(19, 100, 1)).toBe(false);
  });

  it("loads the first page of a new choice, then again within 2 of the end", () => {
    expect(shouldLoadMore(initialVideoList("trend:a", null))).toBe(true);
    expect(shouldLoadMore(initialVideoList(null, null))).toBe(false);
    const first = loaded();
    expect(shouldLoadMore(first)).toBe(false);
    expect(shouldLoadMore({ ...first, index: 17 })).toBe(true);
    expect(shouldLoadMore({ ...first, index: 17, loading: true })).toBe(false);
    expect(shouldLoadMore({ ...loaded("k", makeVideos(1, 7), 7), index: 6 })).toBe(false);
  });

  it("starts with the page the server sent, without asking for it again", () => {
    const state = initialVideoList("all|latest", null, { videos: makeVideos(1, 20), total: 45 });
    expect(state).toMatchObject({ key: "all|latest", page: 1, total: 45, hasMore: true, index: 0, shown: true });
    expect(state.videos).toHaveLength(20);
    expect(shouldLoadMore(state)).toBe(false);
    expect(shouldLoadMore({ ...state, index: 17 })).toBe(true);
  });

  it("puts a linked video first and appends the pages without it", () => {
    const lead = makeVideo(3);
    const state = run(initialVideoList("trend:a", lead), {
      type: "pageLoaded",
      key: "trend:a",
      page: 1,
      videos: makeVideos(1, 5),
      total: 5,
    });
    expect(state.videos.map((video) => video.username)).toEqual(["dancer3", "dancer1", "dancer2", "dancer4", "dancer5"]);
    expect(state).toMatchObject({ index: 0, page: 1, total: 5, hasMore: false });
  });

  it("drops answers for an earlier choice", () => {
    const state = run(loaded("hashtag:dance"), { type: "select", key: "hashtag:fyp", lead: null });
    expect(run(state, { type: "pageLoaded", key: "hashtag:dance", page: 2, videos: makeVideos(30, 40), total: 45 })).toBe(state);
  });

  it("stops paging after a failure, keeping what was loaded", () => {
    const failed = run(loaded(), { type: "loadStarted", key: "hashtag:dance" }, { type: "pageFailed", key: "hashtag:dance", page: 2 });
    expect(failed).toMatchObject({ failed: true, loading: false, hasMore: false });
    expect(failed.videos).toHaveLength(20);
    expect(shouldLoadMore({ ...failed, index: 19 })).toBe(false);
  });
});

describe("choosing and moving", () => {
  it("resets the index and reloads when another category is chosen", () => {
    const moved = run(loaded(), { type: "move", delta: 1 }, { type: "move", delta: 1 });
    expect(moved.index).toBe(2);
    const next = run(moved, { type: "select", key: "playlist:p1", lead: null });
    expect(next).toMatchObject({ key: "playlist:p1", videos: [], index: 0, page: 0, hasMore: true });
    expect(run(next, { type: "select", key: "playlist:p1", lead: null })).toBe(next);
  });

  it("keeps the page's first video muted until the viewer moves on or picks another list", () => {
    const first = loaded();
    expect(first.navigated).toBe(false);
    expect(run(first, { type: "move", delta: 1 }).navigated).toBe(true);
    expect(run(first, { type: "move", delta: -1 })).toBe(first);
    expect(run(first, { type: "select", key: "hashtag:fyp", lead: null }).navigated).toBe(true);
    expect(run(initialVideoList(null, null), { type: "select", key: "hashtag:fyp", lead: null }).navigated).toBe(false);
  });

  it("jumps to a remembered position only inside the loaded list and before the viewer moved", () => {
    expect(run(loaded(), { type: "jump", index: 7 }).index).toBe(7);
    expect(run(loaded(), { type: "jump", index: 20 }).index).toBe(0);
    expect(run(loaded(), { type: "move", delta: 1 }, { type: "jump", index: 7 }).index).toBe(1);
  });

  it("resumes a list chosen again at the video it was left on, in order, loading pages until it is reached", () => {
    const key = "playlist:p1";
    const page = (n: number) => ({ type: "pageLoaded", key, page: n, videos: makeVideos(20 * n - 19, 20 * n), total: 45 }) as const;
    const left = makeVideo(2);
    const again = run(loaded(), { type: "select", key, lead: null, resume: { index: 1, videoId: left.videoId } });
    const resumed = run(again, page(1));
    expect(resumed.index).toBe(1);
    expect(resumed.videos.map((video) => video.username).slice(0, 3)).toEqual(["dancer1", "dancer2", "dancer3"]);
    expect(run(resumed, { type: "move", delta: 1 }).index).toBe(2); // Next plays the one after it, not one seen

    const deep = run(loaded(), { type: "select", key, lead: null, resume: { index: 24, videoId: makeVideo(25).videoId } });
    const firstPage = run(deep, page(1));
    expect(firstPage.videos).toEqual([]); // nothing to move through till its place is known: no wrong video plays
    expect(listPlace(firstPage)).toEqual({ index: 24, videoId: makeVideo(25).videoId }); // what the entry keeps
    expect(shouldLoadMore(firstPage)).toBe(true); // not near the end, but its video is further on
    expect(run(firstPage, page(2))).toMatchObject({ index: 24, resume: null, waiting: [] });
    expect(run(firstPage, { type: "pageFailed", key, page: 2 })).toMatchObject({ index: 19, resume: null });

    // The order changed meanwhile: past its old index without it, the list picks up at that index.
    const gone = run(loaded(), { type: "select", key, lead: null, resume: { index: 3, videoId: makeVideo(99).videoId } });
    expect(run(gone, page(1))).toMatchObject({ index: 3, resume: null });
  });

  it("reloaded on a video, shows it at once and then puts it in its place among the pages", () => {
    const key = "hashtag:dance";
    const page = (n: number) => ({ type: "pageLoaded", key, page: n, videos: makeVideos(20 * n - 19, 20 * n), total: 45 }) as const;
    const onStage = makeVideo(4);
    const reloaded = initialVideoList(key, onStage, undefined, { index: 3, videoId: onStage.videoId });
    expect(reloaded).toMatchObject({ index: 0, standIn: true, shown: true });
    const placed = run(reloaded, page(1));
    expect(placed).toMatchObject({ index: 3, standIn: false, resume: null });
    expect(placed.videos.map((video) => video.username).slice(0, 5)).toEqual(["dancer1", "dancer2", "dancer3", "dancer4", "dancer5"]);

    const further = makeVideo(30);
    const deep = run(initialVideoList(key, further, undefined, { index: 29, videoId: further.videoId }), page(1));
    expect(deep.videos).toEqual([further]); // still standing in, alone, while page 2 is asked for
    expect(run(deep, { type: "move", delta: 1 })).toBe(deep); // Next waits for its place, not page 1's first
    expect(listPlace(deep)).toEqual({ index: 29, videoId: further.videoId });
    expect(shouldLoadMore(deep)).toBe(true);
    expect(run(deep, page(2))).toMatchObject({ index: 29, standIn: false });

    // Gone from the hashtag since: it stays first, as a linked video does.
    const gone = makeVideo(99);
    const kept = run(initialVideoList(key, gone, undefined, { index: 2, videoId: gone.videoId }), page(1));
    expect(kept).toMatchObject({ index: 0, standIn: false, resume: null });
    expect(kept.videos[0]).toBe(gone);
    expect(kept.videos).toHaveLength(21);
  });

  it("removes a reported video and clamps the index; an admin's report also lowers the count", () => {
    const atEnd = { ...loaded("k", makeVideos(1, 3), 3), index: 2 };
    const removed = run(atEnd, { type: "remove", videoId: atEnd.videos[2]!.videoId, decrementTotal: false });
    expect(removed.videos).toHaveLength(2);
    expect(removed).toMatchObject({ index: 1, total: 3 });
    expect(run(atEnd, { type: "remove", videoId: atEnd.videos[0]!.videoId, decrementTotal: true }).total).toBe(2);
  });

  it("updates one loaded video in place, keeping its position and the index; an unknown id changes nothing", () => {
    const state = { ...loaded("k", makeVideos(1, 3), 3), index: 1 };
    const target = state.videos[1]!.videoId;
    const updated = run(state, { type: "update", videoId: target, update: (video) => ({ ...video, title: "Fresh" }) });
    expect(updated.videos.map((video) => video.title)).toEqual(["Dance number 1", "Fresh", "Dance number 3"]);
    expect(updated).toMatchObject({ index: 1, navigated: state.navigated, total: 3 });
    expect(state.videos[1]!.title).toBe("Dance number 2");
    const unknown = run(state, { type: "update", videoId: "7000000000000000001", update: (video) => video });
    expect(unknown).toBe(state);
  });
});
