// @vitest-environment node
import { describe, expect, it } from "vitest";
import { ApiError } from "./api";
import type { Hashtag } from "./api-types";
import {
  freshHashtagList,
  hashtagFailureMessage,
  hashtagListReducer,
  hashtagsUrl,
  nextServerPage,
  visibleHashtags,
  wantedServerPage,
  YEAR_OPTIONS,
  type HashtagListAction,
  type HashtagListState,
} from "./hashtag-list";

function entries(from: number, to: number): Hashtag[] {
  const list: Hashtag[] = [];
  for (let n = from; n <= to; n += 1) list.push({ hashtag: `#tag${n}`, count: 1000 - n, totalViews: 0, exampleDescription: null });
  return list;
}

function run(state: HashtagListState, ...actions: HashtagListAction[]): HashtagListState {
  return actions.reduce(hashtagListReducer, state);
}

function firstLoad(count: number, hasMore: boolean): HashtagListState {
  return run(freshHashtagList("count|all"), { type: "started" }, { type: "loaded", filterKey: "count|all", entries: entries(1, count), hasMore });
}

describe("the hashtags call", () => {
  it("asks for page 1 of 1000 first, then pages of 50 after them", () => {
    expect(wantedServerPage(freshHashtagList("k"))).toEqual({ page: 1, limit: 1000 });
    expect(wantedServerPage(firstLoad(1000, true))).toEqual({ page: 21, limit: 50 });
    expect(nextServerPage(1050)).toBe(22);
  });

  it("carries the sort, a year as a date range, and the cache stamp", () => {
    const url = new URL(hashtagsUrl({ sortBy: "recent", year: 2020 }, 21, 50, 1234), "https://x.test");
    expect(url.pathname).toBe("/api/tiktok/hashtags");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: "21",
      limit: "50",
      sortBy: "recent",
      dateRange: '{"start":"2020-01-01","end":"2021-01-01"}',
      _t: "1234",
    });
    expect(new URL(hashtagsUrl({ sortBy: "count", year: null }, 1, 1000, 1), "https://x.test").searchParams.has("dateRange")).toBe(false);
  });

  it("offers All Time, then 2025 down to 2016", () => {
    expect(YEAR_OPTIONS.map((option) => option.label)).toEqual([
      "All Time", "2025", "2024", "2023", "2022", "2021", "2020", "2019", "2018", "2017", "2016",
    ]);
  });

  it("names the failure with the status when the server answered", () => {
    expect(hashtagFailureMessage(new ApiError("HTTP error! status: 500", 500, null))).toBe("Failed to load hashtags: 500");
    expect(hashtagFailureMessage(new Error("Request timeout"))).toBe("Failed to load hashtags");
  });
});

describe("paging the list", () => {
  it("shows 50 of the first 1000, then 50 more per scroll without asking the server", () => {
    const loaded = firstLoad(1000, true);
    expect(loaded.shown).toBe(50);
    const more = run(loaded, { type: "showMore" }, { type: "showMore" });
    expect(more).toMatchObject({ shown: 150, wanted: false });
  });

  it("asks the server for the next 50 once every loaded entry is shown", () => {
    const allShown = { ...firstLoad(1000, true), shown: 1000 };
    const wanting = run(allShown, { type: "showMore" });
    expect(wanting.wanted).toBe(true);
    const next = run(wanting, { type: "started" }, { type: "loaded", filterKey: "count|all", entries: entries(1001, 1050), hasMore: false });
    expect(next).toMatchObject({ shown: 1050, serverHasMore: false, loading: false });
    expect(next.entries).toHaveLength(1050);
    expect(run(next, { type: "showMore" })).toBe(next);
  });

  it("starts over for another filter and drops answers for the old one", () => {
    const other = run(firstLoad(10, false), { type: "reset", filterKey: "views|2020" });
    expect(other).toMatchObject({ entries: [], shown: 0, wanted: true, loadedFirst: false });
    expect(run(other, { type: "loaded", filterKey: "count|all", entries: entries(1, 5), hasMore: false })).toBe(other);
  });

  it("keeps the banner text after a failure and stops asking", () => {
    const failed = run(freshHashtagList("k"), { type: "started" }, { type: "failed", filterKey: "k", error: "Failed to load hashtags: 503" });
    expect(failed).toMatchObject({ loadedFirst: true, loading: false, error: "Failed to load hashtags: 503" });
    expect(run(failed, { type: "showMore" })).toBe(failed);
  });
});

describe("visibleHashtags", () => {
  it("moves the selected hashtag to the top, wherever it is in the loaded list", () => {
    const list = entries(1, 100);
    expect(visibleHashtags(list, 3, null).map((entry) => entry.hashtag)).toEqual(["#tag1", "#tag2", "#tag3"]);
    expect(visibleHashtags(list, 3, "tag2").map((entry) => entry.hashtag)).toEqual(["#tag2", "#tag1", "#tag3"]);
    expect(visibleHashtags(list, 3, "tag80").map((entry) => entry.hashtag)).toEqual(["#tag80", "#tag1", "#tag2", "#tag3"]);
    expect(visibleHashtags(list, 3, "unknown")).toHaveLength(3);
  });
});
