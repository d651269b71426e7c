// @vitest-environment node
import { describe, expect, it } from "vitest";
import { makeVideo } from "../test/videos";
import { addressedSorts, trendAddress } from "./trend-address";

describe("the sorts in a Dance Trends address", () => {
  const video = makeVideo(1);
  const path = video.paths.trend!;

  it("follow the video, each left out at its default", () => {
    const newest = { trendSort: "videoCount", order: { sortBy: "mostRecent", seed: 0 } } as const;
    expect(trendAddress(video, "", newest)).toBe(path);
    expect(trendAddress(null, "", newest)).toBeNull();
    expect(trendAddress(video, "Bắc", { trendSort: "rising", order: { sortBy: "oldest", seed: 0 } })).toBe(
      `${path}?search=B%E1%BA%AFc&trendSort=rising&videoSort=oldest`,
    );
  });

  it("keep a shuffle's seed, so a reload or a shared link deals the same order", () => {
    const shuffled = { trendSort: "videoCount", order: { sortBy: "shuffle", seed: 42 } } as const;
    expect(trendAddress(video, "", shuffled)).toBe(`${path}?videoSort=shuffle&seed=42`);
    expect(addressedSorts("?videoSort=shuffle&seed=42")).toEqual(shuffled);
  });

  it("are read back, and any the page does not offer is its default", () => {
    expect(addressedSorts("?trendSort=totalViews&videoSort=mostViews")).toEqual({
      trendSort: "totalViews",
      order: { sortBy: "mostViews", seed: 0 },
    });
    expect(addressedSorts("?trendSort=views&videoSort=mostLikes")).toEqual({
      trendSort: "videoCount",
      order: { sortBy: "mostRecent", seed: 0 },
    });
    for (const seed of ["", "abc", "-1", "1000000", "4.5"]) {
      const { order } = addressedSorts(`?${new URLSearchParams({ videoSort: "shuffle", seed })}`);
      expect(order.sortBy).toBe("shuffle");
      expect(order.seed).toBeGreaterThanOrEqual(0);
      expect(order.seed).toBeLessThan(1_000_000);
    }
  });
});
