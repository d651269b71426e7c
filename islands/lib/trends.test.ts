// @vitest-environment node
import { describe, expect, it } from "vitest";
import { shortDate, TREND_SORTS } from "./trends";
import { videoOrder, videoOrderQuery } from "./video-sorts";

describe("trends", () => {
  it("offers the spec's sorts with Featured (video count) first, then Rising", () => {
    expect(TREND_SORTS.map((sort) => `${sort.label}=${sort.value}`)).toEqual([
      "Featured=videoCount",
      "Trend Score=trendScore",
      "Views=totalViews",
      "First Video=firstVideoDate",
      "Last Video=lastVideoDate",
      "Rising=rising",
    ]);
  });

  it("writes the first video's date short, in UTC", () => {
    expect(shortDate("2025-03-13T23:30:00+00:00")).toBe("Mar 13, 2025");
    expect(shortDate(null)).toBe("");
    expect(shortDate("not a date")).toBe("");
    const formatter = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
    for (let month = 0; month < 12; month += 1) {
      const day = new Date(Date.UTC(2024, month, 1 + month * 2, 0, 5));
      expect(shortDate(day.toISOString())).toBe(formatter.format(day));
    }
  });
});

describe("video orders", () => {
  it("deals a seed only for a shuffle", () => {
    expect(videoOrderQuery(videoOrder("mostViews"))).toBe("sortBy=mostViews");
    expect(videoOrderQuery(videoOrder("shuffle", () => 0.123456))).toBe("sortBy=shuffle&seed=123456");
  });
});
