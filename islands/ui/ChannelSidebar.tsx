import type { ReactNode } from "react";
import { CategoryTabs } from "./CategoryTabs";
import { PlaylistList } from "./PlaylistList";
import type { ListTexts } from "./ScrollList";
import { SortedTrendList } from "./SortedTrendList";
import { Tabs, type TabOption } from "./Tabs";
import { HashtagFilterList } from "./HashtagFilterList";
import type { ChannelFilters, SidebarTab } from "./useChannelFilters";
import {
  hashtagFilter,
  playlistFilter,
  selectedHashtag,
  selectedPlaylistId,
  selectedSongKey,
  trendFilter,
} from "../lib/video-filter";
import { t } from "../lib/i18n";

export function trendFilterTexts(): ListTexts {
  return {
    loading: t("Loading trends..."),
    failed: t("Unable to load trends"),
    empty: t("No dance trends found"),
  };
}

function sidebarTabs(): TabOption<SidebarTab>[] {
  return [
    { kind: "trends", label: t("Trends") },
    { kind: "categories", label: t("Categories") },
    { kind: "all", label: t("All") },
  ];
}

interface Props {
  filters: ChannelFilters;
  /** What the All tab holds on this page. */
  allPanel: ReactNode;
}

/** The Trends, Categories (Hashtags and Playlists) and All tabs; a pick in any of them sets the page's filter. */
export function ChannelSidebar({ filters, allPanel }: Props) {
  const { filter, choose } = filters;
  return (
    <Tabs className="channel-tabs" label={t("Filter videos")} tabs={sidebarTabs()} active={filters.tab} onChange={filters.openTab}>
      {filters.tab === "trends" && (
        <SortedTrendList
          texts={trendFilterTexts()}
          sort={filters.trendSort}
          onSortChange={filters.setTrendSort}
          trends={filters.trends}
          selectedKey={selectedSongKey(filter)}
          onSelect={(trend) => choose(trendFilter(trend))}
        />
      )}
      {filters.tab === "categories" && (
        <CategoryTabs active={filters.categoryKind} onChange={filters.openCategoryKind}>
          {filters.categoryKind === "hashtags" ? (
            <HashtagFilterList
              hashtags={filters.hashtags}
              selected={selectedHashtag(filter)}
              onSelect={(entry) => choose(hashtagFilter(entry))}
            />
          ) : (
            <PlaylistList
              playlists={filters.playlists}
              selectedId={selectedPlaylistId(filter)}
              onSelect={(playlist) => choose(playlistFilter(playlist))}
            />
          )}
        </CategoryTabs>
      )}
      {filters.tab === "all" && allPanel}
    </Tabs>
  );
}
