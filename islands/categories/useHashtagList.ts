import { startTransition, useCallback, useEffect, useReducer } from "react";
import { fetchHashtags } from "../lib/categories-api";
import {
  freshHashtagList,
  hashtagFailureMessage,
  hashtagListReducer,
  wantedServerPage,
  type HashtagFilter,
  type HashtagListState,
} from "../lib/hashtag-list";

export interface HashtagList {
  state: HashtagListState;
  showMore: () => void;
}

function filterKeyOf(filter: HashtagFilter): string {
  return `${filter.sortBy}|${filter.year ?? "all"}`;
}

/** The sidebar's hashtags for a sort and year: 1000 fetched first, shown 50 at a time, then server pages of 50. */
export function useHashtagList(filter: HashtagFilter): HashtagList {
  const filterKey = filterKeyOf(filter);
  const [state, dispatch] = useReducer(hashtagListReducer, filterKey, freshHashtagList);

  useEffect(() => dispatch({ type: "reset", filterKey }), [filterKey]);

  useEffect(() => {
    if (state.filterKey !== filterKey || !state.wanted || state.loading) return;
    const { page, limit } = wantedServerPage(state);
    dispatch({ type: "started" });
    fetchHashtags(filter, page, limit).then(
      (result) =>
        startTransition(() =>
          dispatch({ type: "loaded", filterKey, entries: result.entries, hasMore: result.hasMore }),
        ),
      (error: unknown) => {
        console.error("Loading hashtags failed", error);
        dispatch({ type: "failed", filterKey, error: hashtagFailureMessage(error) });
      },
    );
  }, [state, filterKey, filter]);

  return { state, showMore: useCallback(() => dispatch({ type: "showMore" }), []) };
}
