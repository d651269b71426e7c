import { addressChoice, withChoices, type AddressChoice } from "../lib/address-bar";
import { addressedOrder, orderChoices } from "../lib/order-address";
import type { Video } from "../lib/api-types";
import { HASHTAG_SORTS, YEAR_OPTIONS, type HashtagFilter } from "../lib/hashtag-list";
import { categoryVideoPath, hashtagPath, playlistPath } from "../lib/share";
import type { VideoOrder, VideoSort } from "../lib/video-sorts";
import { choiceHashtag, type CategoryChoice } from "./choice";
import type { CategoryKind } from "../ui/CategoryTabs";

export const CATEGORY_VIDEO_SORTS: readonly VideoSort[] = ["mostRecent", "oldest", "mostViews", "mostLikes", "shuffle"];
export const DEFAULT_FILTER: HashtagFilter = { sortBy: "count", year: null };

/** What a Categories address chooses besides its hashtag: the list's sort (`hashtagSort`) and `year`, the
 * hashtag's video order (`videoSort`, and a shuffle's `seed`), and with nothing chosen yet the list's `tab`. */
export interface CategoryChoices {
  filter: HashtagFilter;
  order: VideoOrder;
  tab: CategoryKind;
}

/** The choices in a Categories query; a value the page does not offer is ignored (its default stands). */
export function addressedChoices(search: string): CategoryChoices {
  const query = new URLSearchParams(search);
  const year = addressChoice(query, "year", YEAR_OPTIONS.map((option) => option.value), "");
  const sorts = HASHTAG_SORTS.map((sort) => sort.value);
  return {
    filter: { sortBy: addressChoice(query, "hashtagSort", sorts, DEFAULT_FILTER.sortBy), year: year ? Number(year) : null },
    order: addressedOrder(query, CATEGORY_VIDEO_SORTS),
    tab: addressChoice<CategoryKind>(query, "tab", ["hashtags", "playlists"], "hashtags"),
  };
}

/** Where the address bar points: the video under its hashtag, the hashtag alone until a video plays, the playlist,
 * or with no choice the list and its tab; with the list's filter and the hashtag's order, each left out at its
 * default. */
export function categoryAddress(
  choice: CategoryChoice | null,
  video: Video | null,
  filter: HashtagFilter,
  tab: CategoryKind = "hashtags",
): string {
  if (choice?.kind === "playlist") return playlistPath(choice.playlist._id);
  const hashtag = choiceHashtag(choice);
  const path = hashtag && video ? categoryVideoPath(hashtag, video) : hashtagPath(hashtag);
  const listed: AddressChoice[] = [
    ["hashtagSort", filter.sortBy, DEFAULT_FILTER.sortBy],
    ["year", filter.year === null ? "" : String(filter.year), ""],
  ];
  const chosen = choice ? orderChoices(choice.order) : [["tab", tab, "hashtags"] as const];
  return withChoices(path, [...listed, ...chosen]);
}
