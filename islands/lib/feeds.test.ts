import { describe, expect, it } from "vitest";
import { creatorFeedPath, hashtagFeedPath, playlistFeedPath, trendFeedPath } from "./feeds";

describe("feed paths", () => {
  it("name the server's feed routes, with names escaped", () => {
    expect(creatorFeedPath("annie.dess")).toBe("/feeds/creator/annie.dess.atom");
    expect(hashtagFeedPath("#fyp")).toBe("/feeds/hashtag/fyp.atom");
    expect(hashtagFeedPath("nhảy")).toBe("/feeds/hashtag/nh%E1%BA%A3y.atom");
    expect(trendFeedPath("bac-bling_hoa-minzy")).toBe("/feeds/trend/bac-bling_hoa-minzy.atom");
    expect(playlistFeedPath("12")).toBe("/feeds/playlist/12.atom");
  });
});
