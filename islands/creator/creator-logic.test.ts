import { describe, expect, it } from "vitest";
import type { Trend } from "../lib/api-types";
import { makeVideo } from "../test/videos";
import { creatorVideosUrl } from "./creator-api";

const trend: Trend = { ...makeVideo(1).trendInfo!, firstVideoDate: null, lastVideoDate: null, trendScore: 1 };

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
