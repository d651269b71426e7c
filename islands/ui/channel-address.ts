import { addressChoice, type AddressChoice } from "../lib/address-bar";
import { normaliseHashtag } from "../lib/share";
import { DEFAULT_TREND_SORT, TREND_SORTS, type TrendSort } from "../lib/trends";
import type { PagedItems } from "../lib/usePagedItems";
import { filterId, hashtagFilter, playlistFilter, trendFilter, type VideoFilter } from "../lib/video-filter";
import type { ChannelFilters, SidebarOpening } from "./useChannelFilters";

type NamedKind = Exclude<VideoFilter["kind"], "all">;
const NAMED_KINDS: readonly NamedKind[] = ["trend", "hashtag", "playlist"];

/** A trend, hashtag or playlist of a channel's (a creator's page, the Following feed), as the address names it
 * (`?trend={songKey}`, `?hashtag={name}`, `?playlist={id}`): the filter once its list shows it. */
export interface NamedFilter {
  kind: NamedKind;
  id: string;
}

/** What a channel's address chooses for its sidebar: the filter and the trend sort. */
export interface SidebarChoices {
  named: NamedFilter | null;
  trendSort: TrendSort;
}

/** The sidebar's choices in a channel's query; a trend sort the page does not offer is ignored. */
export function addressedSidebar(query: URLSearchParams): SidebarChoices {
  const kind = NAMED_KINDS.find((each) => query.get(each));
  const id = kind ? query.get(kind)! : "";
  return {
    named: kind ? { kind, id: kind === "hashtag" ? normaliseHashtag(id) : id } : null,
    trendSort: addressChoice(query, "trendSort", TREND_SORTS.map((sort) => sort.value), DEFAULT_TREND_SORT),
  };
}

/** The sidebar opened on the list that holds the named filter. */
export function sidebarOpening({ named, trendSort }: SidebarChoices): SidebarOpening {
  const kind = named?.kind ?? "trend";
  const categoryKind = kind === "playlist" ? "playlists" : "hashtags";
  return { tab: kind === "trend" ? "trends" : "categories", categoryKind, trendSort };
}

/** The filter as its address choice: none for all videos. */
export function filterChoices(filter: VideoFilter): AddressChoice[] {
  return filter.kind === "all" ? [] : [[filter.kind, filterId(filter) ?? "", ""]];
}

export function trendSortChoice(trendSort: TrendSort): AddressChoice {
  return ["trendSort", trendSort, DEFAULT_TREND_SORT];
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
