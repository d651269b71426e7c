import { useCallback, useEffect, useMemo, useState } from "react";
import type { Trend, Video } from "../lib/api-types";
import { UNKNOWN_ARTIST, UNKNOWN_TRACK } from "../lib/format";
import { playableVideos } from "../lib/video";
import { storedPlace, useAddressBar } from "../lib/address-bar";
import { BrowsePanel } from "../ui/BrowsePanel";
import { ListStage } from "../ui/ListStage";
import { StageSkeleton } from "../ui/StageStatus";
import { TrendHeader } from "../ui/TrendHeader";
import { FeedLink } from "../ui/FeedLink";
import { trendFeedPath } from "../lib/feeds";
import { DEFAULT_TREND_SORT, type TrendSort } from "../lib/trends";
import { usePagedItems } from "../lib/usePagedItems";
import { useVideoList, type VideoSource } from "../lib/useVideoList";
import { listPlace, type Resume } from "../lib/video-list";
import { NEWEST_FIRST, type VideoOrder, type VideoSort } from "../lib/video-sorts";
import { VideoSortSelect } from "../ui/VideoSortSelect";
import { fetchTrendPage, fetchTrendVideos } from "./trends-api";
import { trendListTexts, TrendList } from "./TrendList";
import { TrendCurve, type DrawnCurve } from "./TrendCurve";
import { t } from "../lib/i18n";

export interface DanceTrendsProps {
  /** The deep-linked video, shown first. */
  video?: Video | null;
  /** The deep-linked video's trend. */
  trend?: Trend | null;
  /** The `?search=` the page was opened with. */
  search?: string;
  /** The curve of the trend the page opens with, drawn by the server. */
  curve?: DrawnCurve | null;
}

const SEARCH_DEBOUNCE_MS = 300;
const TREND_VIDEO_SORTS: readonly VideoSort[] = ["mostRecent", "oldest", "mostViews", "shuffle"];

interface Selection {
  trend: Trend;
  order: VideoOrder;
  /** The deep-linked video, first in the list; only for the trend the page opened with. */
  lead: Video | null;
  /** Reloaded: where the list stood (the linked video in its place). */
  resume?: Resume;
}

function trendVideos({ trend, order, lead, resume }: Selection): VideoSource {
  return {
    key: `${trend.songKey}|${order.sortBy}|${order.seed}`,
    fetchPage: (page) => fetchTrendVideos(trend.songKey, order, page),
    lead,
    resume,
  };
}

/** The trend the page opened with, in the order and at the place its entry kept when it is reloaded on it. */
function openedSelection(trend: Trend, lead: Video | null): Selection {
  const opened = { trend, order: NEWEST_FIRST, lead };
  const kept = storedPlace();
  if (!lead || kept?.videoId !== lead.videoId || kept.key !== trendVideos({ ...opened, order: kept.order }).key) return opened;
  return { ...opened, order: kept.order, resume: { index: kept.index, videoId: kept.videoId } };
}

/** Where the address bar points: the video's trend path, keeping the search the list shows. */
function addressFor(video: Video | null, search: string): string | null {
  const path = video?.paths.trend;
  if (!path) return null;
  return search ? `${path}?${new URLSearchParams({ search })}` : path;
}

/** Dance trends (spec §2): the trends by song beside a stage playing the chosen trend's videos. */
export default function DanceTrends(props: DanceTrendsProps) {
  const linkedVideo = useMemo(() => (props.video ? playableVideos([props.video])[0] ?? null : null), [props.video]);
  const linkedTrend = props.trend ?? null;
  const initialSearch = props.search?.trim() ?? "";

  const [searchText, setSearchText] = useState(initialSearch);
  const [search, setSearch] = useState(initialSearch);
  const [trendSort, setTrendSort] = useState<TrendSort>(DEFAULT_TREND_SORT);
  const [selection, setSelection] = useState<Selection | null>(() =>
    linkedTrend ? openedSelection(linkedTrend, linkedVideo) : null,
  );
  const [panelOpen, setPanelOpen] = useState(!linkedTrend && initialSearch !== "");

  const fetchTrends = useCallback((page: number) => fetchTrendPage(search, trendSort, page), [search, trendSort]);
  const trends = usePagedItems(`${trendSort}|${search}`, fetchTrends);
  const source = useMemo(() => (selection ? trendVideos(selection) : null), [selection]);
  const list = useVideoList(source);
  const kept = listPlace(list.state);
  const place = selection && source && kept && { key: source.key, order: selection.order, ...kept };
  useAddressBar(addressFor(list.current, search), place);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchText.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  // Without a deep link, the first trend of the list plays.
  const firstTrend = trends.items[0] ?? null;
  useEffect(() => {
    if (!selection && firstTrend) setSelection({ trend: firstTrend, order: NEWEST_FIRST, lead: null });
  }, [selection, firstTrend]);

  function chooseTrend(trend: Trend) {
    setSelection((previous) => ({ trend, order: previous?.order ?? NEWEST_FIRST, lead: null }));
    setPanelOpen(false);
  }

  const trend = selection?.trend ?? null;
  return (
    <div className="watch-layout">
      <BrowsePanel
        title={t("Dance Trends")}
        summary={trend ? `${trend.track || t(UNKNOWN_TRACK)} · ${trend.artist || t(UNKNOWN_ARTIST)}` : t("Browse trends")}
        collapsible={selection !== null}
        open={panelOpen}
        onToggle={() => setPanelOpen((open) => !open)}
      >
        <TrendList
          searchText={searchText}
          onSearchTextChange={setSearchText}
          onSearchNow={() => setSearch(searchText.trim())}
          sort={trendSort}
          onSortChange={setTrendSort}
          trends={trends}
          selectedKey={trend?.songKey ?? null}
          onSelect={chooseTrend}
        />
      </BrowsePanel>
      {!selection && !trends.settled && (
        <section className="feed watch-feed" aria-label={t("Trend videos")}>
          <StageSkeleton label={trendListTexts().loading} />
        </section>
      )}
      {selection && (
        <section className="feed watch-feed" aria-label={t("Trend videos")}>
          <div className="watch-heading">
            <TrendHeader track={selection.trend.track} artist={selection.trend.artist} totals={selection.trend} />
            <FeedLink href={trendFeedPath(selection.trend.slug)} title={t("Atom feed of this dance trend")} />
            <VideoSortSelect
              sorts={TREND_VIDEO_SORTS}
              order={selection.order}
              onChange={(order) => setSelection({ trend: selection.trend, order, lead: null })}
            />
          </div>
          <TrendCurve
            songKey={selection.trend.songKey}
            rising={selection.trend.risingScore > 0}
            initial={props.curve ?? null}
          />
          <ListStage list={list} details={{ tags: true }} />
        </section>
      )}
    </div>
  );
}
