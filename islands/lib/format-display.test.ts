// @vitest-environment node
import { describe, expect, it } from "vitest";
import { formatCount, nameParts, relativeDate, trendHeader, trendTitle, truncateText } from "./format";

// The same cases as the server's tests/unit/catalog/test_formatting.py: both sides must print the same.
describe("formatCount", () => {
  it.each([
    [0, "0"],
    [7, "7"],
    [999, "999"],
    [1_000, "1K"],
    [1_049, "1K"],
    [1_050, "1.1K"],
    [1_234, "1.2K"],
    [12_500, "12.5K"],
    [999_949, "999.9K"],
    [999_999, "1M"],
    [1_000_000, "1M"],
    [3_400_000, "3.4M"],
    [15_300_000, "15.3M"],
    [1_500_000_000, "1500M"],
    [null, "0"],
    [-3, "0"],
    [Number.NaN, "0"],
  ])("%s → %s", (count, expected) => {
    expect(formatCount(count)).toBe(expected);
  });

  it.each([
    [999_999, "1M"],
    [999_949_999, "999.9M"],
    [999_999_999, "1B"],
    [1_500_000_000, "1.5B"],
    [12_345_678_901, "12.3B"],
    [1_234, "1.2K"],
  ])("with billions %s → %s", (count, expected) => {
    expect(formatCount(count, { billions: true })).toBe(expected);
  });
});

describe("relativeDate", () => {
  const now = new Date("2025-05-27T15:30:00Z");
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

  it.each([
    [0, "Today"],
    [1, "Yesterday"],
    [2, "2 days ago"],
    [6, "6 days ago"],
    [7, "1 week ago"],
    [13, "1 week ago"],
    [14, "2 weeks ago"],
    [29, "4 weeks ago"],
    [30, "1 month ago"],
    [59, "1 month ago"],
    [60, "2 months ago"],
    [364, "12 months ago"],
    [365, "1 year ago"],
    [729, "1 year ago"],
    [730, "2 years ago"],
  ])("%i days ago → %s", (days, expected) => {
    expect(relativeDate(daysAgo(days), now)).toBe(expected);
  });

  it("counts calendar days in UTC, from ISO strings with any zone", () => {
    expect(relativeDate("2025-05-26T23:59:00Z", new Date("2025-05-27T00:01:00Z"))).toBe("Yesterday");
    expect(relativeDate("2025-05-27T06:00:00+07:00", new Date("2025-05-27T01:00:00Z"))).toBe("Yesterday");
  });

  it("calls the future Today and gives nothing for an unreadable date", () => {
    expect(relativeDate(new Date(now.getTime() + 3 * 86_400_000), now)).toBe("Today");
    expect(relativeDate("not a date", now)).toBe("");
  });
});

describe("truncateText and trendHeader", () => {
  it("keeps the first 36 characters and appends '...'", () => {
    expect(truncateText("x".repeat(36))).toBe("x".repeat(36));
    expect(truncateText("x".repeat(37))).toBe(`${"x".repeat(36)}...`);
    expect(truncateText("Therefore I Am", 9)).toBe("Therefore...");
    expect(truncateText(null)).toBe("");
  });

  it("counts characters as the server does, not UTF-16 units", () => {
    const emoji = "🌸".repeat(40);
    expect(truncateText(emoji)).toBe(`${"🌸".repeat(36)}...`);
  });

  it("is 'track by artist' with the Unknown fallbacks", () => {
    expect(trendHeader("Therefore I Am", "Billie Eilish")).toBe("Therefore I Am by Billie Eilish");
    const header = trendHeader("Bắc Bling (Bắc Ninh) (Prod. by Masew)", "Xuân Hinh");
    expect(header).toBe("Bắc Bling (Bắc Ninh) (Prod. by Masew...");
    expect(Array.from(header)).toHaveLength(39);
    expect(trendHeader(null, "  ")).toBe("Unknown Track by Unknown Artist");
    expect(trendHeader("Some Song", null)).toBe("Some Song by Unknown Artist");
  });

  it("keeps the whole 'track by artist' for the tooltip and wider screens", () => {
    expect(trendTitle("Bắc Bling (Bắc Ninh) (Prod. by Masew)", " Xuân Hinh ")).toBe("Bắc Bling (Bắc Ninh) (Prod. by Masew) by Xuân Hinh");
    expect(trendTitle(null, "  ")).toBe("Unknown Track by Unknown Artist");
  });
});

describe("nameParts", () => {
  it("cuts a handle or an address before its punctuation, nowhere else", () => {
    expect(nameParts("the.longest.dance_handle")).toEqual(["the", ".longest", ".dance", "_handle"]);
    expect(nameParts("a.b@mail-box.example")).toEqual(["a", ".b", "@mail", "-box", ".example"]);
    expect(nameParts("._mia")).toEqual([".", "_mia"]);
    expect(nameParts("plain")).toEqual(["plain"]);
  });
});
