import { startTransition, useCallback, useEffect, useReducer } from "react";

export interface ItemPage<T> {
  items: T[];
  hasMore: boolean;
}

export interface PagedItems<T> {
  items: T[];
  loading: boolean;
  failed: boolean;
  /** Page 1 has answered, with items or without, or failed. */
  settled: boolean;
  /** Pages beyond those loaded may hold more. */
  hasMore: boolean;
  loadMore: () => void;
}

interface PagedState<T> {
  key: string | null;
  items: T[];
  page: number;
  hasMore: boolean;
  /** A next page is wanted: the first one of a new key, or one asked for by scrolling. */
  wanted: boolean;
  loading: boolean;
  failed: boolean;
}

type PagedAction<T> =
  | { type: "reset"; key: string | null }
  | { type: "want" }
  | { type: "started" }
  | { type: "loaded"; key: string; page: number; items: T[]; hasMore: boolean }
  | { type: "failed"; key: string };

function fresh<T>(key: string | null): PagedState<T> {
  return { key, items: [], page: 0, hasMore: key !== null, wanted: key !== null, loading: false, failed: false };
}

function pagedReducer<T>(state: PagedState<T>, action: PagedAction<T>): PagedState<T> {
  switch (action.type) {
    case "reset":
      return action.key === state.key ? state : fresh(action.key);
    case "want":
      return state.wanted || !state.hasMore || state.failed || state.key === null ? state : { ...state, wanted: true };
    case "started":
      return { ...state, wanted: false, loading: true };
    case "loaded":
      if (action.key !== state.key) return state;
      return { ...state, items: [...state.items, ...action.items], page: action.page, hasMore: action.hasMore, loading: false };
    case "failed":
      return action.key !== state.key ? state : { ...state, loading: false, failed: true };
  }
}

/** The state of a key whose page 1 the page carried. */
function startedWith<T>(key: string | null, firstPage: ItemPage<T>): PagedState<T> {
  return { ...fresh<T>(key), items: firstPage.items, page: 1, hasMore: firstPage.hasMore, wanted: false };
}

/**
 * A sidebar list fetched page by page (trends, public playlists). A new key starts over from page 1 and
 * a null key fetches nothing; answers for an earlier key are dropped. `firstPage`: page 1 of the key it starts
 * with, as the server sent it with the page.
 */
export function usePagedItems<T>(
  key: string | null,
  fetchPage: (page: number) => Promise<ItemPage<T>>,
  firstPage?: ItemPage<T> | null,
): PagedItems<T> {
  const [state, dispatch] = useReducer(pagedReducer<T>, key, (initial) =>
    firstPage && initial !== null ? startedWith(initial, firstPage) : fresh<T>(initial),
  );

  useEffect(() => dispatch({ type: "reset", key }), [key]);

  useEffect(() => {
    const { key: current, wanted, loading, failed, hasMore, page } = state;
    if (current === null || current !== key || !wanted || loading || failed || !hasMore) return;
    dispatch({ type: "started" });
    fetchPage(page + 1).then(
      (result) => startTransition(() => dispatch({ type: "loaded", key: current, page: page + 1, ...result })),
      (error: unknown) => {
        console.error("Loading the list failed", error);
        dispatch({ type: "failed", key: current });
      },
    );
  }, [state, key, fetchPage]);

  return {
    items: state.items,
    loading: state.loading || state.wanted,
    failed: state.failed,
    settled: state.page > 0 || state.failed,
    hasMore: state.hasMore && !state.failed,
    loadMore: useCallback(() => dispatch({ type: "want" }), []),
  };
}
