import type { Video } from "../lib/api-types";
import { appendUnique, clampIndex, PREFETCH_DISTANCE } from "../lib/video-list";

export const PAGE_SIZE_STEP = 5;
export const PREFETCH_DELAY_MS = 500;

export interface FeedState {
  videos: Video[];
  index: number;
  /** The last page loaded; page n asks for 5·n videos. */
  page: number;
  totalTrends: number;
  loading: boolean;
  /** Set after a failed page load, so the automatic prefetch stops asking. */
  pagingStopped: boolean;
  /** True once the user has moved away from the first video (or it was removed). */
  navigated: boolean;
}

export type FeedAction =
  | { type: "loadStarted" }
  | { type: "pageLoaded"; page: number; videos: Video[]; totalTrends: number | null }
  | { type: "pageFailed"; page: number }
  | { type: "move"; delta: number }
  | { type: "remove"; videoId: string; decrementTotal: boolean };

/** Page n of the random feed asks for 5·n videos (spec §9). */
export function pageCount(page: number): number {
  return PAGE_SIZE_STEP * page;
}

/** Spec §4: the index resets to 0 when it lies past the end of the list. */
export function normaliseIndex(index: number, length: number): number {
  return index >= length || index < 0 ? 0 : index;
}

/** More trends exist than are loaded (an unknown total counts as more). */
export function hasMore(state: Pick<FeedState, "videos" | "totalTrends">): boolean {
  return state.totalTrends <= 0 || state.videos.length < state.totalTrends;
}

/** The next page loads on its own when the index is within 2 of the end. */
export function shouldPrefetch(state: FeedState): boolean {
  if (state.loading || state.pagingStopped || state.videos.length === 0 || !hasMore(state)) return false;
  return state.videos.length - 1 - state.index <= PREFETCH_DISTANCE;
}

/** The page to ask for next: page 1 for an empty feed, else the one after the last loaded. */
export function nextPage(state: Pick<FeedState, "videos" | "page">): number {
  return state.videos.length === 0 ? 1 : state.page + 1;
}

export function initialFeedState(videos: readonly Video[], totalTrends: number): FeedState {
  const playable = appendUnique([], videos);
  return {
    videos: playable,
    index: 0,
    page: 1,
    totalTrends: Math.max(totalTrends, 0),
    loading: false,
    pagingStopped: false,
    navigated: false,
  };
}

/** The videos the page's history entry keeps on either side of the one on stage: Previous and the next moves find
 * theirs, and the entry stays small however long the visitor watched. */
export const KEPT_BEFORE = 20;
export const KEPT_AFTER = 10;

/** The feed as its history entry keeps it, so Back and a reload return to the same video in the same list. */
export interface KeptFeed {
  videos: Video[];
  index: number;
  page: number;
  totalTrends: number;
}

export function keptFeed(state: KeptFeed): KeptFeed {
  const start = Math.max(0, state.index - KEPT_BEFORE);
  return {
    videos: state.videos.slice(start, state.index + KEPT_AFTER + 1),
    index: state.index - start,
    page: state.page,
    totalTrends: state.totalTrends,
  };
}

function isKeptFeed(value: unknown): value is KeptFeed {
  if (typeof value !== "object" || value === null) return false;
  const { videos, index, page, totalTrends } = value as Record<string, unknown>;
  const listed = Array.isArray(videos) && videos.every((video) => typeof video === "object" && video !== null);
  return listed && [index, page, totalTrends].every(Number.isInteger);
}

/** The feed a history entry kept, as the page picks it up again (its first video still starts muted); null when the
 * entry kept none, or nothing playable. */
export function reopenedFeed(kept: unknown): FeedState | null {
  if (!isKeptFeed(kept)) return null;
  const fresh = initialFeedState(kept.videos, kept.totalTrends);
  if (fresh.videos.length === 0) return null;
  return { ...fresh, index: clampIndex(kept.index, fresh.videos.length), page: Math.max(kept.page, 1) };
}

export function feedReducer(state: FeedState, action: FeedAction): FeedState {
  switch (action.type) {
    case "loadStarted":
      return { ...state, loading: true };
    case "pageLoaded": {
      const videos = appendUnique(state.videos, action.videos);
      const totalTrends = action.totalTrends ?? state.totalTrends;
      return {
        ...state,
        videos,
        index: normaliseIndex(state.index, videos.length),
        page: Math.max(state.page, action.page),
        totalTrends,
        loading: false,
        // A page with nothing new means the random picks are exhausted for now; only an explicit request asks again.
        pagingStopped: videos.length === state.videos.length,
      };
    }
    case "pageFailed":
      // A failed first page empties the feed; a later one only stops paging.
      return action.page <= 1
        ? { ...state, videos: [], index: 0, page: 0, loading: false, pagingStopped: true }
        : { ...state, loading: false, pagingStopped: true };
    case "move": {
      const index = clampIndex(state.index + action.delta, state.videos.length);
      return index === state.index ? state : { ...state, index, navigated: true };
    }
    case "remove": {
      const videos = state.videos.filter((video) => video.videoId !== action.videoId);
      if (videos.length === state.videos.length) return state;
      const totalTrends = action.decrementTotal ? Math.max(state.totalTrends - 1, 0) : state.totalTrends;
      return { ...state, videos, index: clampIndex(state.index, videos.length), totalTrends, navigated: true };
    }
  }
}
