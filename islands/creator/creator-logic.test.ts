import { describe, expect, it } from "vitest";
import type { Trend } from "../lib/api-types";
import { makeVideo } from "../test/videos";
import { cameFromThisSite } from "./back-link";
import { creatorVideosUrl } from "./creator-api";

const ORIGIN = "https://danza.example";
const trend: Trend = { ...makeVideo(1).trendInfo!, firstVideoDate: null, lastVideoDate: null, trendScore: 1 };

describe("the Back button rule", () => {
  it("shows after a page of this site other than a creator's page", () => {
    expect(cameFromThisSite(`${ORIGIN}/dance-trends/x/y-123`, ORIGIN)).toBe(true);
    expect(cameFromThisSite(`${ORIGIN}/`, ORIGIN)).toBe(true);
  });

  it("hides without a referrer, from another site, or from a /user/ page", () => {
    expect(cameFromThisSite("", ORIGIN)).toBe(false);
    expect(cameFromThisSite("https://elsewhere.example/following", ORIGIN)).toBe(false);
    expect(cameFromThisSite(`${ORIGIN}/user/amy`, ORIGIN)).toBe(false);
    expect(cameFromThisSite("not a url", ORIGIN)).toBe(false);
  });
});

describe("a creator's video requests", () => {
  it("page through all videos 20 at a time in the chosen order", () => {
    expect(creatorVideosUrl("amy", { kind: "all" }, "popular", 2)).toBe("/api/tiktok/videos/amy?sortOrder=popular&limit=20&page=2");
  });

  it("narrow to one trend or one hashtag, keeping the order", () => {
    expect(creatorVideosUrl("amy", { kind: "trend", trend }, "oldest", 1)).toBe(
      `/api/tiktok/videos/user/amy/trend/${encodeURIComponent(trend.songKey)}?sortBy=oldest&limit=20&page=1`,
    );
    expect(creatorVideosUrl("a b", { kind: "hashtag", hashtag: "fyp", count: 2 }, "latest", 1)).toBe(
      "/api/tiktok/videos/user/a%20b/hashtag/fyp?sortBy=latest&limit=20&page=1",
    );
  });
});
