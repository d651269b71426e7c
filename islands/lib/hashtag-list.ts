import { N_ } from "./i18n";
import { ApiError } from "./api";
import type { Hashtag } from "./api-types";
import { normaliseHashtag } from "./share";
import { chosenFirst } from "./chosen-first";
import { t } from "./i18n";

/** Spec §7 and §9: the first fetch asks for 1000 hashtags, shown 50 at a time; later server pages hold 50. */
export const FIRST_FETCH_LIMIT = 1000;
export const HASHTAG_PAGE_SIZE = 50;
export const FIRST_YEAR = 2016;
export const LAST_YEAR = 2025;

export const HASHTAG_SORTS = [
  { value: "count", label: N_("Most Used") },
  { value: "recent", label: N_("Most Recent") },
  { value: "views", label: N_("Most Views") },
] as const;

export type HashtagSort = (typeof HASHTAG_SORTS)[number]["value"];

/** The Year filter: All Time, then 2025 down to 2016. */
export const YEAR_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: "", label: N_("All Time") },
  ...Array.from({ length: LAST_YEAR - FIRST_YEAR + 1 }, (_, offset) => {
    const year = String(LAST_YEAR - offset);
    return { value: year, label: year };
  }),
];

export interface HashtagFilter {
  sortBy: HashtagSort;
  /** A year from 2016 to 2025, or null for all time. */
  year: number | null;
}

/** A year as the API's date range: from 1 January up to (not including) the next 1 January. */
export function yearDateRange(year: number): string {
  return JSON.stringify({ start: `${year}-01-01`, end: `${year + 1}-01-01` });
}

/** The hashtags call for one server page; `_t` keeps caches from answering for another moment. */
export function hashtagsUrl(filter: HashtagFilter, page: number, limit: number, stamp: number): string {
  const query = new URLSearchParams({ page: String(page), limit: String(limit), sortBy: filter.sortBy });
  if (filter.year !== null) query.set("dateRange", yearDateRange(filter.year));
  query.set("_t", String(stamp));
  return `/api/tiktok/hashtags?${query}`;
}

/** The server page that follows the loaded entries, in pages of 50 (the first 1000 are pages 1 to 20). */
export function nextServerPage(loadedCount: number): number {
  return Math.floor(loadedCount / HASHTAG_PAGE_SIZE) + 1;
}

function tagOf(entry: Hashtag): string {
  return normaliseHashtag(entry.hashtag);
}

/** The shown part of the list, with the selected hashtag moved to the top (from wherever it is among the loaded). */
export function visibleHashtags(entries: readonly Hashtag[], shown: number, selected: string | null): Hashtag[] {
  const match = selected ? entries.find((entry) => tagOf(entry) === selected) : undefined;
  return chosenFirst(entries.slice(0, shown), match ?? null, tagOf);
}

/** The red banner for a failed hashtags call: with the HTTP status when the server answered. */
export function hashtagFailureMessage(error: unknown): string {
  return error instanceof ApiError
    ? t("Failed to load hashtags: {status}", { status: error.status })
    : t("Failed to load hashtags");
}

export interface HashtagListState {
  /** The filter the entries belong to; answers for another filter are dropped. */
  filterKey: string;
  entries: Hashtag[];
  /** How many entries the sidebar shows; grows by 50 as the viewer scrolls. */
  shown: number;
  /** The first (1000-entry) answer has arrived. */
  loadedFirst: boolean;
  serverHasMore: boolean;
  /** A server page is wanted: the first one of a filter, or the next once every loaded entry is shown. */
  wanted: boolean;
  loading: boolean;
  /** The red banner's text after a failed call. */
  error: string | null;
}

export type HashtagListAction =
  | { type: "reset"; filterKey: string }
  | { type: "started" }
  | { type: "loaded"; filterKey: string; entries: Hashtag[]; hasMore: boolean }
  | { type: "failed"; filterKey: string; error: string }
  | { type: "showMore" };

export function freshHashtagList(filterKey: string): HashtagListState {
  return {
    filterKey,
    entries: [],
    shown: 0,
    loadedFirst: false,
    serverHasMore: true,
    wanted: true,
    loading: false,
    error: null,
  };
}

function appendNew(existing: readonly Hashtag[], incoming: readonly Hashtag[]): Hashtag[] {
  const seen = new Set(existing.map((entry) => normaliseHashtag(entry.hashtag)));
  return [...existing, ...incoming.filter((entry) => !seen.has(normaliseHashtag(entry.hashtag)))];
}

export function hashtagListReducer(state: HashtagListState, action: HashtagListAction): HashtagListState {
  switch (action.type) {
    case "reset":
      return action.filterKey === state.filterKey ? state : freshHashtagList(action.filterKey);
    case "started":
      return { ...state, wanted: false, loading: true };
    case "loaded":
      if (action.filterKey !== state.filterKey) return state;
      return {
        ...state,
        entries: appendNew(state.entries, action.entries),
        shown: state.shown + HASHTAG_PAGE_SIZE,
        loadedFirst: true,
        serverHasMore: action.hasMore,
        loading: false,
        error: null,
      };
    case "failed":
      if (action.filterKey !== state.filterKey) return state;
      return { ...state, loadedFirst: true, serverHasMore: false, loading: false, error: action.error };
    case "showMore":
      if (!state.loadedFirst || state.loading || state.wanted) return state;
      if (state.shown < state.entries.length) return { ...state, shown: state.shown + HASHTAG_PAGE_SIZE };
      return state.serverHasMore ? { ...state, wanted: true } : state;
  }
}

/** Which server page to fetch for a wanted load: the first 1000, else the next page of 50. */
export function wantedServerPage(state: HashtagListState): { page: number; limit: number } {
  return state.loadedFirst
    ? { page: nextServerPage(state.entries.length), limit: HASHTAG_PAGE_SIZE }
    : { page: 1, limit: FIRST_FETCH_LIMIT };
}
