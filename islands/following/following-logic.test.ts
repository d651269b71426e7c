// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Trend } from "../lib/api-types";
import { initialVideoList, shouldLoadMore, videoListReducer } from "../lib/video-list";
import { FIRST_PAGE_TTL_MS, readFirstPage, withFirstPageCache, writeFirstPage } from "./feed-cache";
import { followingVideosUrl } from "./following-api";
import { followedFingerprint, followingVideos } from "./following-feed";
import { ALL_VIDEOS, filterKey, hashtagFilter, trendFilter } from "../lib/video-filter";
import { makeVideo, makeVideos } from "../test/videos";

const trend: Trend = { ...makeVideo(1).trendInfo!, firstVideoDate: null, lastVideoDate: null, trendScore: 1 };
const NEWEST = { sortBy: "mostRecent", seed: 0 } as const;

describe("the Following feed's requests", () => {
  it("asks for 5 at a time by offset, with the API's sort names", () => {
    expect(followingVideosUrl({ kind: "all" }, NEWEST, 1)).toBe(
      "/api/tiktok/videos/following/trends?limit=5&offset=0&sortBy=newest",
    );
    expect(followingVideosUrl({ kind: "all" }, { sortBy: "shuffle", seed: 42 }, 3)).toBe(
      "/api/tiktok/videos/following/trends?limit=5&offset=10&sortBy=shuffle&seed=42",
    );
    expect(followingVideosUrl({ kind: "all" }, { sortBy: "mostVideos", seed: 0 }, 1)).toContain("sortBy=mostVideos");
  });

  it("filters by a trend's song key or by a hashtag", () => {
    const byTrend = new URL(followingVideosUrl({ kind: "trend", trend }, NEWEST, 2), "http://x");
    expect(byTrend.searchParams.get("trendFilter")).toBe(trend.songKey);
    expect(byTrend.searchParams.get("offset")).toBe("5");
    expect(hashtagFilter({ hashtag: "#Dance Off", count: 3 })).toEqual({ kind: "hashtag", hashtag: "dance off", count: 3 });
    expect(followingVideosUrl({ kind: "hashtag", hashtag: "dance off", count: 3 }, NEWEST, 1)).toBe(
      "/api/tiktok/videos/following/hashtag/dance%20off?limit=5&offset=0&sortBy=newest",
    );
  });

  it("fetches nothing for a hashtag with an empty label", () => {
    expect(hashtagFilter({ hashtag: "#", count: 0 })).toBeNull();
  });

  it("names each filter, sort and followed list apart, so picking one starts over from page 1", () => {
    const followed = followedFingerprint(["Zed", "amy"]);
    expect(followed).toBe("amy,zed");
    const keys = new Set([
      followingVideos(ALL_VIDEOS, NEWEST, "me", followed).key,
      followingVideos(trendFilter(trend), NEWEST, "me", followed).key,
      followingVideos(ALL_VIDEOS, { sortBy: "oldest", seed: 0 }, "me", followed).key,
      followingVideos(ALL_VIDEOS, NEWEST, "me", "amy").key,
    ]);
    expect(keys.size).toBe(4);
    expect(filterKey(trendFilter(trend))).toBe(`trend:${trend.songKey}`);
  });
});

describe("paging by the server's hasMore", () => {
  it("keeps loading 5-video pages while more exist, near the end and never twice at once", () => {
    let state = initialVideoList("feed", null);
    expect(shouldLoadMore(state)).toBe(true);
    state = videoListReducer(state, { type: "loadStarted", key: "feed" });
    expect(shouldLoadMore(state)).toBe(false);
    state = videoListReducer(state, { type: "pageLoaded", key: "feed", page: 1, videos: makeVideos(1, 5), total: 12, hasMore: true });
    expect(shouldLoadMore(state)).toBe(false);
    state = videoListReducer(state, { type: "move", delta: 1 });
    state = videoListReducer(state, { type: "move", delta: 1 });
    expect(shouldLoadMore(state)).toBe(true);
  });

  it("appends without duplicates and stops when the server says there is no more", () => {
    let state = videoListReducer(initialVideoList("feed", null), {
      type: "pageLoaded", key: "feed", page: 1, videos: makeVideos(1, 5), total: 7, hasMore: true,
    });
    state = videoListReducer(state, {
      type: "pageLoaded", key: "feed", page: 2, videos: [...makeVideos(4, 5), ...makeVideos(6, 7)], total: 7, hasMore: false,
    });
    expect(state.videos.map((video) => video.username)).toEqual(makeVideos(1, 7).map((video) => video.username));
    expect(state.hasMore).toBe(false);
  });
});

describe("the first-page cache", () => {
  const key = { username: "amy", order: "mostRecent:0", filter: "all" };
  const page = { videos: makeVideos(1, 5), total: 9, hasMore: true };

  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it("serves page 1 for 300000 ms, per user, sort and filter", () => {
    writeFirstPage(key, "bob", page, 1_000);
    expect(readFirstPage(key, "bob", 1_000 + FIRST_PAGE_TTL_MS - 1)?.videos).toHaveLength(5);
    expect(readFirstPage(key, "bob", 1_000 + FIRST_PAGE_TTL_MS)).toBeNull();
    expect(readFirstPage({ ...key, order: "oldest:0" }, "bob", 1_000)).toBeNull();
    expect(readFirstPage({ ...key, filter: "hashtag:fyp" }, "bob", 1_000)).toBeNull();
    expect(readFirstPage({ ...key, username: "cat" }, "bob", 1_000)).toBeNull();
  });

  it("is stale once the followed creators change", () => {
    writeFirstPage(key, "bob", page, 1_000);
    expect(readFirstPage(key, "bob,dan", 1_000)).toBeNull();
  });

  it("fetches page 1 once, then from the cache; later pages are always fetched", async () => {
    const fetchPage = vi.fn(async (_page: number) => page);
    const cached = withFirstPageCache(fetchPage, key, "bob");
    await cached(1);
    await cached(1);
    await cached(2);
    expect(fetchPage.mock.calls.map(([n]) => n)).toEqual([1, 2]);
  });
});
