import { addressChoice, withChoices, type AddressChoice } from "../lib/address-bar";
import { addressedOrder, orderChoices } from "../lib/order-address";
import type { Video } from "../lib/api-types";
import { DEFAULT_TREND_SORT, TREND_SORTS, type TrendSort } from "../lib/trends";
import type { VideoOrder, VideoSort } from "../lib/video-sorts";

export const TREND_VIDEO_SORTS: readonly VideoSort[] = ["mostRecent", "oldest", "mostViews", "shuffle"];

/** The sorts a Dance Trends address names: `trendSort` for the list, `videoSort` (and a shuffle's `seed`) for the
 * videos; a sort the page does not offer is ignored, and a shuffle without a usable seed deals a new one. */
export interface TrendSorts {
  trendSort: TrendSort;
  order: VideoOrder;
}

export function addressedSorts(search: string): TrendSorts {
  const query = new URLSearchParams(search);
  return {
    trendSort: addressChoice(query, "trendSort", TREND_SORTS.map((sort) => sort.value), DEFAULT_TREND_SORT),
    order: addressedOrder(query, TREND_VIDEO_SORTS),
  };
}

/** Where the address bar points: the video's trend path, with the search and the sorts the page shows (each left out
 * at its default). */
export function trendAddress(video: Video | null, search: string, { trendSort, order }: TrendSorts): string | null {
  const path = video?.paths.trend;
  if (!path) return null;
  const choices: AddressChoice[] = [
    ["search", search, ""],
    ["trendSort", trendSort, DEFAULT_TREND_SORT],
    ...orderChoices(order),
  ];
  return withChoices(path, choices);
}
