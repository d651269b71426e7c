import { startTransition, useCallback, useEffect, useEffectEvent, useReducer } from "react";
import type { Video } from "./api-types";
import { initialVideoList, shouldLoadMore, videoListReducer, type Resume, type VideoListState, type VideoPage } from "./video-list";

/** A list to watch: its key (a new key starts over), how to fetch page n, and the linked video to put first. */
export interface VideoSource {
  key: string;
  fetchPage: (page: number) => Promise<VideoPage>;
  lead?: Video | null;
  /** Where a list chosen again picks up (Forward to it, or a reload). */
  resume?: Resume | null;
  /** Page 1 as the server sent it with the page, for the list the island starts with. */
  firstPage?: VideoPage;
}

export interface VideoList {
  state: VideoListState;
  current: Video | null;
  isFirstVideo: boolean;
  move: (delta: 1 | -1) => void;
  /** Goes to a remembered index, unless the viewer has moved already or it lies outside the loaded list. */
  jumpTo: (index: number) => void;
  /** A reported video leaves the list; an admin's report also lowers the count (spec §6). */
  remove: (videoId: string, byAdmin: boolean) => void;
  /** Replaces a loaded video with what `update` makes of it (its place and the index stay). */
  update: (videoId: string, update: (video: Video) => Video) => void;
}

/** The videos of the chosen trend or category, 20 to a page, the next page fetched near the end. */
export function useVideoList(source: VideoSource | null): VideoList {
  const [state, dispatch] = useReducer(videoListReducer, null, () =>
    initialVideoList(source?.key ?? null, source?.lead ?? null, source?.firstPage, source?.resume ?? null),
  );

  // The key names the source: a new source object with the same key is the same list.
  const sourceKey = source?.key ?? null;
  const select = useEffectEvent((key: string | null) =>
    dispatch({ type: "select", key, lead: source?.lead ?? null, resume: source?.resume ?? null }),
  );

  useEffect(() => select(sourceKey), [sourceKey]);

  useEffect(() => {
    if (!source || source.key !== state.key || !shouldLoadMore(state)) return;
    const { key } = source;
    const page = state.page + 1;
    dispatch({ type: "loadStarted", key });
    // A page arriving renders as a transition, in slices that let input and paint through.
    source.fetchPage(page).then(
      (result) => startTransition(() => dispatch({ type: "pageLoaded", key, page, ...result })),
      (error: unknown) => {
        console.error("Loading videos failed", error);
        dispatch({ type: "pageFailed", key, page });
      },
    );
  }, [source, state]);

  return {
    state,
    current: state.videos[state.index] ?? null,
    isFirstVideo: !state.navigated,
    move: useCallback((delta: 1 | -1) => dispatch({ type: "move", delta }), []),
    jumpTo: useCallback((index: number) => dispatch({ type: "jump", index }), []),
    remove: useCallback(
      (videoId: string, byAdmin: boolean) => dispatch({ type: "remove", videoId, decrementTotal: byAdmin }),
      [],
    ),
    update: useCallback(
      (videoId: string, update: (video: Video) => Video) => dispatch({ type: "update", videoId, update }),
      [],
    ),
  };
}
