import { useCallback, useState } from "react";
import type { CategoryKind } from "./CategoryTabs";
import type { Hashtag, Playlist, Trend } from "../lib/api-types";
import { DEFAULT_TREND_SORT, type TrendSort } from "../lib/trends";
import { usePagedItems, type ItemPage, type PagedItems } from "../lib/usePagedItems";
import { ALL_VIDEOS, type VideoFilter } from "../lib/video-filter";

export type SidebarTab = "trends" | "categories" | "all";

/** Where a channel's sidebar lists come from: the creators one follows, or one creator. */
export interface ChannelSources {
  /** Names the channel; a new scope starts every list over. */
  scope: string;
  fetchTrends: (sort: TrendSort, page: number) => Promise<ItemPage<Trend>>;
  fetchHashtags: (page: number) => Promise<ItemPage<Hashtag>>;
  fetchPlaylists: (page: number) => Promise<ItemPage<Playlist>>;
}

export interface ChannelFilters {
  tab: SidebarTab;
  openTab: (tab: SidebarTab) => void;
  categoryKind: CategoryKind;
  openCategoryKind: (kind: CategoryKind) => void;
  trendSort: TrendSort;
  setTrendSort: (sort: TrendSort) => void;
  trends: PagedItems<Trend>;
  hashtags: PagedItems<Hashtag>;
  playlists: PagedItems<Playlist>;
  filter: VideoFilter;
  /** Picking a filter replaces the one before: trend, category and All exclude each other. */
  choose: (filter: VideoFilter | null) => void;
}

/** Where the sidebar opens: a tab, the kind of category it shows, and the trend sort. */
export interface SidebarOpening {
  tab: SidebarTab;
  categoryKind: CategoryKind;
  trendSort: TrendSort;
}

export interface ChannelFilterOptions {
  /** Opening the All tab plays all videos at once (else the tab offers its own button). */
  allTabShowsAll?: boolean;
  /** Where the sidebar opens, when not on the Trends tab's default sort (a creator page's address names it). */
  opening?: SidebarOpening;
  /** Page 1 of the trends it opens on, as the server sent it with the page. */
  firstTrends?: ItemPage<Trend> | null;
}

/** Where the sidebar opens by default: a page's plain address opens it there. */
export const FIRST_OPENING: SidebarOpening = { tab: "trends", categoryKind: "hashtags", trendSort: DEFAULT_TREND_SORT };

/** The lists an opening shows at once, so they are fetched from the start. */
function listsShown({ tab, categoryKind }: SidebarOpening): ReadonlySet<string> {
  return new Set(tab === "categories" && categoryKind === "playlists" ? [tab, "playlists"] : [tab]);
}

/**
 * The sidebar of a channel (the Following page, a creator's page): the Trends, Categories and All tabs and the
 * chosen filter. Each list is fetched the first time its tab opens and kept while other tabs show.
 */
export function useChannelFilters(
  sources: ChannelSources,
  { allTabShowsAll = false, opening = FIRST_OPENING, firstTrends = null }: ChannelFilterOptions = {},
): ChannelFilters {
  const { scope, fetchTrends, fetchHashtags, fetchPlaylists } = sources;
  const [tab, setTab] = useState<SidebarTab>(opening.tab);
  const [categoryKind, setCategoryKind] = useState<CategoryKind>(opening.categoryKind);
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => listsShown(opening));
  const [trendSort, setTrendSort] = useState<TrendSort>(opening.trendSort);
  const [filter, setFilter] = useState<VideoFilter>(ALL_VIDEOS);

  const open = useCallback((name: string) => {
    setOpened((previous) => (previous.has(name) ? previous : new Set([...previous, name])));
  }, []);

  const fetchSortedTrends = useCallback((page: number) => fetchTrends(trendSort, page), [fetchTrends, trendSort]);
  const trends = usePagedItems(opened.has("trends") ? `${scope}|trends|${trendSort}` : null, fetchSortedTrends, firstTrends);
  const hashtags = usePagedItems(opened.has("categories") ? `${scope}|hashtags` : null, fetchHashtags);
  const playlists = usePagedItems(opened.has("playlists") ? `${scope}|playlists` : null, fetchPlaylists);

  return {
    tab,
    openTab: useCallback(
      (next: SidebarTab) => {
        setTab(next);
        open(next);
        if (next === "all" && allTabShowsAll) setFilter(ALL_VIDEOS);
      },
      [open, allTabShowsAll],
    ),
    categoryKind,
    openCategoryKind: useCallback(
      (kind: CategoryKind) => {
        setCategoryKind(kind);
        if (kind === "playlists") open("playlists");
      },
      [open],
    ),
    trendSort,
    setTrendSort,
    trends,
    hashtags,
    playlists,
    filter,
    choose: useCallback((next: VideoFilter | null) => {
      if (next) setFilter(next);
    }, []),
  };
}
