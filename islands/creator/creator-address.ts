import { addressChoice, withChoices } from "../lib/address-bar";
import type { TrendSort } from "../lib/trends";
import type { VideoFilter } from "../lib/video-filter";
import { addressedSidebar, filterChoices, trendSortChoice, type SidebarChoices } from "../ui/channel-address";
import { CREATOR_VIDEO_SORTS, DEFAULT_CREATOR_SORT, type CreatorVideoSort } from "./creator-api";

/** What a creator page's address chooses: the filter, the trend sort and the video sort. */
export interface CreatorChoices extends SidebarChoices {
  sort: CreatorVideoSort;
}

/** The choices in a creator page's query; a sort the page does not offer is ignored (its default stands). */
export function addressedChoices(search: string): CreatorChoices {
  const query = new URLSearchParams(search);
  const sort = addressChoice(query, "videoSort", CREATOR_VIDEO_SORTS.map((each) => each.value), DEFAULT_CREATOR_SORT);
  return { ...addressedSidebar(query), sort };
}

/** The creator page's address for its choices: the plain path for all videos, newest first, trends Featured. */
export function creatorAddress(path: string, filter: VideoFilter, sort: CreatorVideoSort, trendSort: TrendSort): string {
  return withChoices(path, [...filterChoices(filter), ["videoSort", sort, DEFAULT_CREATOR_SORT], trendSortChoice(trendSort)]);
}
