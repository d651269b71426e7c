import { useCallback, useEffect, useEffectEvent, useReducer, useRef, useState } from "react";
import type { Video } from "../lib/api-types";
import { fetchRandomPage, isRateLimited } from "./feed-api";
import {
  feedReducer,
  hasMore,
  initialFeedState,
  nextPage,
  PREFETCH_DELAY_MS,
  shouldPrefetch,
  type FeedState,
} from "./feed-state";
import { t } from "../lib/i18n";

export const RATE_LIMIT_BANNER_MS = 5_000;

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

/** The home feed's list, position and paging (spec §4 "Home feed", §9). */
export function useHomeFeed(videos: readonly Video[], totalTrends: number): HomeFeed {
  const [state, dispatch] = useReducer(feedReducer, null, () => initialFeedState(videos, totalTrends));
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
