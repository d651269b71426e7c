import { addressChoice, withChoices, type AddressChoice } from "../lib/address-bar";
import type { ChannelFilters, SidebarOpening } from "../ui/useChannelFilters";
import { normaliseHashtag } from "../lib/share";
import { DEFAULT_TREND_SORT, TREND_SORTS, type TrendSort } from "../lib/trends";
import type { PagedItems } from "../lib/usePagedItems";
import { filterId, hashtagFilter, playlistFilter, trendFilter, type VideoFilter } from "../lib/video-filter";
import { CREATOR_VIDEO_SORTS, DEFAULT_CREATOR_SORT, type CreatorVideoSort } from "./creator-api";

type NamedKind = Exclude<VideoFilter["kind"], "all">;
const NAMED_KINDS: readonly NamedKind[] = ["trend", "hashtag", "playlist"];

/** A trend, hashtag or playlist of the creator's, as the address names it (`?trend={songKey}`, `?hashtag={name}`,
 * `?playlist={id}`): the filter once its list shows it. */
export interface NamedFilter {
  kind: NamedKind;
  id: string;
}

/** What a creator page's address chooses: the filter, the video sort and the trend sort. */
export interface CreatorChoices {
  named: NamedFilter | null;
  sort: CreatorVideoSort;
  trendSort: TrendSort;
}

/** The choices in a creator page's query; a sort the page does not offer is ignored (its default stands). */
export function addressedChoices(search: string): CreatorChoices {
  const query = new URLSearchParams(search);
  const kind = NAMED_KINDS.find((each) => query.get(each));
  const id = kind ? query.get(kind)! : "";
  return {
    named: kind ? { kind, id: kind === "hashtag" ? normaliseHashtag(id) : id } : null,
    sort: addressChoice(query, "videoSort", CREATOR_VIDEO_SORTS.map((sort) => sort.value), DEFAULT_CREATOR_SORT),
    trendSort: addressChoice(query, "trendSort", TREND_SORTS.map((sort) => sort.value), DEFAULT_TREND_SORT),
  };
}

/** The sidebar opened on the list that holds the named filter. */
export function sidebarOpening({ named, trendSort }: CreatorChoices): SidebarOpening {
  const kind = named?.kind ?? "trend";
  const categoryKind = kind === "playlist" ? "playlists" : "hashtags";
  return { tab: kind === "trend" ? "trends" : "categories", categoryKind, trendSort };
}

/** The creator page's address for its choices: the plain path for all videos, newest first, trends Featured. */
export function creatorAddress(path: string, filter: VideoFilter, sort: CreatorVideoSort, trendSort: TrendSort): string {
  const named: AddressChoice[] = filter.kind === "all" ? [] : [[filter.kind, filterId(filter) ?? "", ""]];
  const sorts: AddressChoice[] = [["videoSort", sort, DEFAULT_CREATOR_SORT], ["trendSort", trendSort, DEFAULT_TREND_SORT]];
  return withChoices(path, [...named, ...sorts]);
}

/** The named filter, when its list shows it, and the list that holds it or may on a later page. */
export interface LookUp {
  found: VideoFilter | null;
  list: PagedItems<unknown>;
}

export function lookUp(filters: ChannelFilters, { kind, id }: NamedFilter): LookUp {
  const [list, shown]: [PagedItems<unknown>, Array<VideoFilter | null>] =
    kind === "trend"
      ? [filters.trends, filters.trends.items.map(trendFilter)]
      : kind === "hashtag"
        ? [filters.hashtags, filters.hashtags.items.map(hashtagFilter)]
        : [filters.playlists, filters.playlists.items.map(playlistFilter)];
  return { found: shown.find((filter) => filter !== null && filterId(filter) === id) ?? null, list };
}
