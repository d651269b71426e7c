import { useCallback, useEffect, useEffectEvent, useReducer, useRef, useState } from "react";
import type { Video } from "../lib/api-types";
import { returnedToPage } from "../lib/navigation";
import { fetchRandomPage, isRateLimited } from "./feed-api";
import {
  feedReducer,
  hasMore,
  initialFeedState,
  keptFeed,
  nextPage,
  PREFETCH_DELAY_MS,
  reopenedFeed,
  shouldPrefetch,
  type FeedState,
  type KeptFeed,
} from "./feed-state";
import { t } from "../lib/i18n";

export const RATE_LIMIT_BANNER_MS = 5_000;
/** Where the page's history entry keeps the feed (its address stays '/'). */
const KEPT_FEED = "homeFeed";

function feedInEntry(): unknown {
  const state: unknown = window.history.state;
  return typeof state === "object" && state !== null ? (state as Record<string, unknown>)[KEPT_FEED] : undefined;
}

/** Keeps the feed in the page's history entry, beside what else it holds, without moving the address. */
function keepFeedInEntry(feed: KeptFeed): void {
  window.history.replaceState({ ...(window.history.state as object | null), [KEPT_FEED]: feed }, "");
}

export interface HomeFeed {
  state: FeedState;
  current: Video | null;
  banner: string | null;
  move: (delta: number) => void;
  /** Asks for the next page now (a wheel-down at the last video), when more exist. */
  requestMore: () => void;
  /** The empty state's 'Retry Fetch'. */
  retryFetch: () => void;
  remove: (videoId: string, options: { decrementTotal: boolean }) => void;
}

/**
 * The home feed's list, position and paging (spec §4 "Home feed", §9). The page's history entry keeps them, so Back
 * from another page, and a reload, return to the video the visitor was on among the same videos; a new visit to '/'
 * starts a new feed.
 */
export function useHomeFeed(videos: readonly Video[], totalTrends: number): HomeFeed {
  const [state, dispatch] = useReducer(feedReducer, null, () => {
    const reopened = returnedToPage() ? reopenedFeed(feedInEntry()) : null;
    return reopened ?? initialFeedState(videos, totalTrends);
  });
  const [banner, setBanner] = useState<string | null>(null);
  const loading = useRef(false);
  const bannerTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const showRateLimitBanner = useCallback(() => {
    setBanner(t("Too many requests. Please wait a moment and try again."));
    if (bannerTimer.current) clearTimeout(bannerTimer.current);
    bannerTimer.current = setTimeout(() => setBanner(null), RATE_LIMIT_BANNER_MS);
  }, []);

  const loadPage = useCallback(
    async (page: number) => {
      if (loading.current) return;
      loading.current = true;
      dispatch({ type: "loadStarted" });
      try {
        const result = await fetchRandomPage(page);
        dispatch({ type: "pageLoaded", page, videos: result.videos, totalTrends: result.totalTrends });
      } catch (error) {
        if (isRateLimited(error)) showRateLimitBanner();
        console.error("Loading the feed failed", error);
        dispatch({ type: "pageFailed", page });
      } finally {
        loading.current = false;
      }
    },
    [showRateLimitBanner],
  );

  // Only the first render decides whether the server sent no videos.
  const loadFirstPage = useEffectEvent(() => {
    if (state.videos.length === 0) void loadPage(1);
  });

  useEffect(() => {
    loadFirstPage();
    return () => {
      if (bannerTimer.current) clearTimeout(bannerTimer.current);
    };
  }, []);

  const { videos: listed, index, page, totalTrends: total } = state;
  useEffect(() => {
    keepFeedInEntry(keptFeed({ videos: listed, index, page, totalTrends: total }));
  }, [listed, index, page, total]);

  useEffect(() => {
    if (!shouldPrefetch(state)) return;
    const timer = setTimeout(() => void loadPage(nextPage(state)), PREFETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state, loadPage]);

  const requestMore = useCallback(() => {
    if (!state.loading && hasMore(state)) void loadPage(nextPage(state));
  }, [state, loadPage]);

  return {
    state,
    current: state.videos[state.index] ?? null,
    banner,
    move: useCallback((delta: number) => dispatch({ type: "move", delta }), []),
    requestMore,
    retryFetch: useCallback(() => void loadPage(1), [loadPage]),
    remove: useCallback(
      (videoId: string, { decrementTotal }: { decrementTotal: boolean }) =>
        dispatch({ type: "remove", videoId, decrementTotal }),
      [],
    ),
  };
}
