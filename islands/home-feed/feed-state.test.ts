// @vitest-environment node
import { describe, expect, it } from "vitest";
import { isPlayableVideoId, playableVideos, videoDescription } from "../lib/video";
import {
  feedReducer,
  initialFeedState,
  KEPT_AFTER,
  KEPT_BEFORE,
  keptFeed,
  nextPage,
  pageCount,
  reopenedFeed,
  shouldPrefetch,
  type FeedState,
} from "./feed-state";
import { makeVideo, makeVideos } from "../test/videos";

function stateAt(index: number, videos = makeVideos(1, 5), totalTrends = 40): FeedState {
  return { ...initialFeedState(videos, totalTrends), index };
}

describe("video ids", () => {
  it("discards ids that are missing, '0', blank or 5 characters or fewer", () => {
    for (const bad of [undefined, null, 0, "", "   ", "0", "12345", "  1234  "]) expect(isPlayableVideoId(bad)).toBe(false);
    expect(isPlayableVideoId("123456")).toBe(true);
    const good = makeVideo(1);
    expect(playableVideos([good, { ...good, videoId: "0" }, { ...good, videoId: "12345" }])).toEqual([good]);
  });
});

describe("paging", () => {
  it("asks page n for 5·n videos", () => {
    expect([1, 2, 3, 10].map(pageCount)).toEqual([5, 10, 15, 50]);
    expect(nextPage({ videos: makeVideos(1, 5), page: 1 })).toBe(2);
    expect(nextPage({ videos: [], page: 3 })).toBe(1);
  });

  it("prefetches once the index is within 2 of the end, while more trends exist", () => {
    expect(shouldPrefetch(stateAt(1))).toBe(false);
    expect(shouldPrefetch(stateAt(2))).toBe(true);
    expect(shouldPrefetch(stateAt(4))).toBe(true);
    expect(shouldPrefetch(stateAt(4, makeVideos(1, 5), 5))).toBe(false);
    expect(shouldPrefetch({ ...stateAt(4), loading: true })).toBe(false);
    expect(shouldPrefetch({ ...stateAt(4), pagingStopped: true })).toBe(false);
  });

  it("adds a loaded page and keeps the position", () => {
    const loaded = feedReducer(stateAt(3), {
      type: "pageLoaded",
      page: 2,
      videos: makeVideos(3, 10),
      totalTrends: 41,
    });
    expect(loaded.videos).toHaveLength(10);
    expect(loaded).toMatchObject({ index: 3, page: 2, totalTrends: 41, loading: false, pagingStopped: false });
  });

  it("stops the automatic paging when a page brings nothing new or fails", () => {
    const nothingNew = feedReducer(stateAt(4), { type: "pageLoaded", page: 2, videos: makeVideos(1, 5), totalTrends: 40 });
    expect(nothingNew.pagingStopped).toBe(true);
    const failed = feedReducer({ ...stateAt(4), loading: true }, { type: "pageFailed", page: 2 });
    expect(failed).toMatchObject({ pagingStopped: true, loading: false });
    expect(failed.videos).toHaveLength(5);
  });

  it("empties the feed when the first page fails", () => {
    const failed = feedReducer(stateAt(0), { type: "pageFailed", page: 1 });
    expect(failed.videos).toEqual([]);
  });

  it("resets the index to 0 when it lies past the end of the list", () => {
    const beyond = { ...stateAt(0, []), index: 7 };
    const loaded = feedReducer(beyond, { type: "pageLoaded", page: 1, videos: makeVideos(1, 5), totalTrends: 5 });
    expect(loaded.index).toBe(0);
  });
});

describe("moving and removing", () => {
  it("moves within the list and remembers that the user moved", () => {
    const state = stateAt(0);
    expect(feedReducer(state, { type: "move", delta: -1 })).toBe(state);
    const moved = feedReducer(state, { type: "move", delta: 1 });
    expect(moved).toMatchObject({ index: 1, navigated: true });
    expect(feedReducer(stateAt(4), { type: "move", delta: 1 }).index).toBe(4);
  });

  it("removes a reported video and clamps the index", () => {
    const last = stateAt(4);
    const removed = feedReducer(last, { type: "remove", videoId: last.videos[4]!.videoId, decrementTotal: false });
    expect(removed.videos).toHaveLength(4);
    expect(removed).toMatchObject({ index: 3, totalTrends: 40 });

    const middle = stateAt(2);
    const afterAdmin = feedReducer(middle, { type: "remove", videoId: middle.videos[2]!.videoId, decrementTotal: true });
    expect(afterAdmin).toMatchObject({ index: 2, totalTrends: 39 });
    expect(afterAdmin.videos[2]!.username).toBe("dancer4");

    const only = stateAt(0, makeVideos(1, 1));
    expect(feedReducer(only, { type: "remove", videoId: only.videos[0]!.videoId, decrementTotal: false })).toMatchObject({
      videos: [],
      index: 0,
    });
  });
});

describe("the feed its history entry keeps", () => {
  it("is picked up at the same video among the same videos, its first video muted as a page's first is", () => {
    const watched = { ...stateAt(3, makeVideos(1, 8)), page: 2, navigated: true };
    const reopened = reopenedFeed(JSON.parse(JSON.stringify(keptFeed(watched))));
    expect(reopened).toMatchObject({ index: 3, page: 2, totalTrends: 40, loading: false, navigated: false });
    expect(reopened?.videos.map((video) => video.username)).toEqual(watched.videos.map((video) => video.username));
  });

  it("keeps only the videos near the one on stage, however long the feed grew", () => {
    const long = stateAt(60, makeVideos(1, 100));
    const kept = keptFeed(long);
    expect(kept.videos).toHaveLength(KEPT_BEFORE + 1 + KEPT_AFTER);
    expect(kept.videos[kept.index]).toBe(long.videos[60]);
    expect(kept.videos[0]).toBe(long.videos[60 - KEPT_BEFORE]);
    expect(keptFeed(stateAt(2, makeVideos(1, 5)))).toMatchObject({ index: 2, videos: makeVideos(1, 5) });
  });

  it("is nothing when the entry kept no feed, or nothing that plays", () => {
    const unplayable = { ...makeVideo(1), videoId: "0" };
    for (const kept of [undefined, null, "feed", { videos: "x", index: 0, page: 1, totalTrends: 5 }, { videos: [null], index: 0, page: 1, totalTrends: 5 }])
      expect(reopenedFeed(kept)).toBeNull();
    expect(reopenedFeed({ videos: [unplayable], index: 0, page: 1, totalTrends: 5 })).toBeNull();
    expect(reopenedFeed({ videos: makeVideos(1, 3), index: 9, page: 1, totalTrends: 5 })?.index).toBe(2);
  });
});

describe("videoDescription", () => {
  it("is the longer of title and description, else 'No description available'", () => {
    const video = makeVideo(1);
    expect(videoDescription({ ...video, title: "Short", description: "A longer description" })).toBe("A longer description");
    expect(videoDescription({ ...video, title: "A much longer title here", description: "Short" })).toBe(
      "A much longer title here",
    );
    expect(
      videoDescription({ ...video, title: null, description: null, metadata: { ...video.metadata, description: null } }),
    ).toBe("No description available");
  });
});
