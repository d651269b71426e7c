import { withChoices } from "../lib/address-bar";
import { addressedOrder, orderChoices } from "../lib/order-address";
import type { TrendSort } from "../lib/trends";
import type { VideoFilter } from "../lib/video-filter";
import type { VideoOrder } from "../lib/video-sorts";
import { addressedSidebar, filterChoices, trendSortChoice, type SidebarChoices } from "../ui/channel-address";
import { FOLLOWING_VIDEO_SORTS } from "./following-api";

/** What the Following feed's address chooses: the filter, the trend sort and the video order. */
export interface FollowingChoices extends SidebarChoices {
  order: VideoOrder;
}

/** The choices in the Following feed's query; a sort the feed does not offer is ignored (its default stands). */
export function addressedChoices(search: string): FollowingChoices {
  const query = new URLSearchParams(search);
  return { ...addressedSidebar(query), order: addressedOrder(query, FOLLOWING_VIDEO_SORTS) };
}

/** '/following' with its choices: the plain path for all videos, newest first, trends Featured. */
export function followingAddress(filter: VideoFilter, order: VideoOrder, trendSort: TrendSort): string {
  return withChoices("/following", [...filterChoices(filter), ...orderChoices(order), trendSortChoice(trendSort)]);
}
