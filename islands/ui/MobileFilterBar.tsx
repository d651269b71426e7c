import type { ReactNode } from "react";
import { categoryListTexts, type CategoryKind } from "./CategoryTabs";
import { normaliseHashtag } from "../lib/share";
import { LabelledSelect, type SelectOption } from "./LabelledSelect";
import { TREND_SORTS } from "../lib/trends";
import { trendTitle } from "../lib/format";
import { shownOptions } from "../lib/sort-names";
import type { PagedItems } from "../lib/usePagedItems";
import type { Trend } from "../lib/api-types";
import { trendFilterTexts } from "./ChannelSidebar";
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

function typeOptions(): SelectOption<SidebarTab>[] {
  return [
    { value: "all", label: t("All") },
    { value: "trends", label: t("Trends") },
    { value: "categories", label: t("Categories") },
  ];
}

function categoryKinds(): Array<{ kind: CategoryKind; label: string }> {
  return [
    { kind: "hashtags", label: t("Hashtags") },
    { kind: "playlists", label: t("Playlists") },
  ];
}

const NOTHING_CHOSEN = "";

interface PickerProps {
  label: string;
  placeholder: string;
  list: PagedItems<unknown>;
  texts: { loading: string; failed: string; empty: string };
  options: readonly SelectOption<string>[];
  value: string | null;
  onPick: (value: string) => void;
}

/** A select over a loaded list, or the list's loading, failure or empty text in its place. */
function ListPicker({ label, placeholder, list, texts, options, value, onPick }: PickerProps) {
  let status: ReactNode = null;
  if (!list.settled) status = texts.loading;
  else if (options.length === 0) status = list.failed ? texts.failed : texts.empty;
  if (status) {
    // Laid out as the select that replaces it (its label above), so nothing below moves when the list arrives.
    return (
      <div className="watch-select channel-picker">
        <span className="watch-select-label">{label}</span>
        <p className="channel-picker-status" role={list.failed ? "alert" : "status"}>
          {status}
        </p>
      </div>
    );
  }
  const known = value !== null && options.some((option) => option.value === value);
  return (
    <LabelledSelect
      label={label}
      className="channel-picker"
      value={known ? value : NOTHING_CHOSEN}
      options={known ? options : [{ value: NOTHING_CHOSEN, label: placeholder }, ...options]}
      onChange={(picked) => {
        if (picked !== NOTHING_CHOSEN) onPick(picked);
      }}
    />
  );
}

/** A trend in the phone's picker: 'track by artist', with the spec's fallbacks for a missing one. */
export function trendOption(trend: Pick<Trend, "songKey" | "track" | "artist">): SelectOption<string> {
  return { value: trend.songKey, label: trendTitle(trend.track, trend.artist) };
}

function TrendPickers({ filters }: { filters: ChannelFilters }) {
  const { trends } = filters;
  const options = trends.items.map(trendOption);
  return (
    <>
      <LabelledSelect
        label={t("Sort")}
        value={filters.trendSort}
        options={shownOptions(TREND_SORTS)}
        onChange={filters.setTrendSort}
      />
      <ListPicker
        label={t("Trend")}
        placeholder={t("Select Trend")}
        list={trends}
        texts={trendFilterTexts()}
        options={options}
        value={selectedSongKey(filters.filter)}
        onPick={(songKey) => {
          const trend = trends.items.find((item) => item.songKey === songKey);
          if (trend) filters.choose(trendFilter(trend));
        }}
      />
    </>
  );
}

function CategoryPickers({ filters }: { filters: ChannelFilters }) {
  const { hashtags, playlists, categoryKind } = filters;
  const showingHashtags = categoryKind === "hashtags";
  const options = showingHashtags
    ? hashtags.items.map((entry) => ({ value: normaliseHashtag(entry.hashtag), label: `#${normaliseHashtag(entry.hashtag)} (${entry.count})` }))
    : playlists.items.map((playlist) => ({ value: playlist._id, label: playlist.name }));
  return (
    <>
      <div className="channel-toggle" role="group" aria-label={t("Category type")}>
        {categoryKinds().map(({ kind, label }) => (
          <button
            key={kind}
            type="button"
            className="btn btn-ghost channel-toggle-button"
            aria-pressed={kind === categoryKind}
            onClick={() => filters.openCategoryKind(kind)}
          >
            {label}
          </button>
        ))}
      </div>
      <ListPicker
        label={t("Category")}
        placeholder={t("Select Category")}
        list={showingHashtags ? hashtags : playlists}
        texts={{ ...categoryListTexts(), empty: t("No categories found") }}
        options={options}
        value={showingHashtags ? selectedHashtag(filters.filter) : selectedPlaylistId(filters.filter)}
        onPick={(value) => {
          if (showingHashtags) {
            const entry = hashtags.items.find((item) => normaliseHashtag(item.hashtag) === value);
            if (entry) filters.choose(hashtagFilter(entry));
          } else {
            const playlist = playlists.items.find((item) => item._id === value);
            if (playlist) filters.choose(playlistFilter(playlist));
          }
        }}
      />
    </>
  );
}

interface MobileFilterBarProps {
  filters: ChannelFilters;
  /** What the All type shows, where opening it does not play everything at once (a creator's page). */
  allPanel?: ReactNode;
}

/** Phones: the filter as a row of menus above the stage (Type, then the trend or category pickers). */
export function MobileFilterBar({ filters, allPanel }: MobileFilterBarProps) {
  return (
    <div className="channel-mobile-filters" role="group" aria-label={t("Filter videos")}>
      <LabelledSelect label={t("Type")} value={filters.tab} options={typeOptions()} onChange={filters.openTab} />
      {filters.tab === "trends" && <TrendPickers filters={filters} />}
      {filters.tab === "categories" && <CategoryPickers filters={filters} />}
      {filters.tab === "all" && allPanel}
    </div>
  );
}
