import { N_ } from "./i18n";

/** The video sorts the feeds offer, with the API's names for them. */
export const VIDEO_SORT_LABELS = {
  mostRecent: N_("Newest"),
  oldest: N_("Oldest"),
  mostViews: N_("Most Views"),
  mostLikes: N_("Most Likes"),
  shuffle: N_("Shuffle"),
  trendScore: N_("Trend Score"),
  mostVideos: N_("Most Videos"),
} as const;

export type VideoSort = keyof typeof VIDEO_SORT_LABELS;

export interface VideoOrder {
  sortBy: VideoSort;
  /** The shuffle's seed, new each time Shuffle is chosen, so paging keeps one order. */
  seed: number;
}

export const NEWEST_FIRST: VideoOrder = { sortBy: "mostRecent", seed: 0 };
const MAX_SEED = 1_000_000;

export function videoOrder(sortBy: VideoSort, random: () => number = Math.random): VideoOrder {
  return { sortBy, seed: sortBy === "shuffle" ? Math.floor(random() * MAX_SEED) : 0 };
}

/** The query part for a video order: `sortBy=…`, plus `&seed=…` for a shuffle. */
export function videoOrderQuery(order: VideoOrder): string {
  return order.sortBy === "shuffle" ? `sortBy=shuffle&seed=${order.seed}` : `sortBy=${order.sortBy}`;
}
