import { useCallback, useEffect, useMemo, useState } from "react";
import type { Trend, Video } from "../lib/api-types";
import { UNKNOWN_ARTIST, UNKNOWN_TRACK } from "../lib/format";
import { playableVideos } from "../lib/video";
import { storedPlace, useAddressBar } from "../lib/address-bar";
import { chosenFirst } from "../lib/chosen-first";
import { BrowsePanel } from "../ui/BrowsePanel";
import { ListStage } from "../ui/ListStage";
import { StageSkeleton } from "../ui/StageStatus";
import { TrendHeader } from "../ui/TrendHeader";
import { FeedLink } from "../ui/FeedLink";
import { trendFeedPath } from "../lib/feeds";
import type { TrendSort } from "../lib/trends";
import { usePagedItems, type ItemPage } from "../lib/usePagedItems";
import { useVideoList, type VideoSource } from "../lib/useVideoList";
import { listPlace, type Resume } from "../lib/video-list";
import type { VideoOrder } from "../lib/video-sorts";
import { VideoSortSelect } from "../ui/VideoSortSelect";
import { fetchTrendPage, fetchTrendVideos } from "./trends-api";
import { trendListTexts, TrendList } from "./TrendList";
import { TrendCurve, type DrawnCurve } from "./TrendCurve";
import { addressedSorts, TREND_VIDEO_SORTS, trendAddress } from "./trend-address";
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
  /** Page 1 of the trends the page opens on (its search, in the address's sort), as the server drew them. */
  trends?: ItemPage<Trend> | null;
}

const SEARCH_DEBOUNCE_MS = 300;

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

/** The trend the page opened with, in the address's order, at the place its entry kept when it is reloaded on it. */
function openedSelection(trend: Trend, lead: Video | null, order: VideoOrder): Selection {
  const opened = { trend, order, lead };
  const kept = storedPlace();
  if (!lead || kept?.videoId !== lead.videoId || kept.key !== trendVideos(opened).key) return opened;
  return { ...opened, resume: { index: kept.index, videoId: kept.videoId } };
}

/** Dance trends (spec §2): the trends by song beside a stage playing the chosen trend's videos. */
export default function DanceTrends(props: DanceTrendsProps) {
  const linkedVideo = useMemo(() => (props.video ? playableVideos([props.video])[0] ?? null : null), [props.video]);
  const linkedTrend = props.trend ?? null;
  const initialSearch = props.search?.trim() ?? "";

  const [opening] = useState(() => addressedSorts(window.location.search));
  const [searchText, setSearchText] = useState(initialSearch);
  const [search, setSearch] = useState(initialSearch);
  const [trendSort, setTrendSort] = useState<TrendSort>(opening.trendSort);
  const [selection, setSelection] = useState<Selection | null>(() =>
    linkedTrend ? openedSelection(linkedTrend, linkedVideo, opening.order) : null,
  );
  const [panelOpen, setPanelOpen] = useState(!linkedTrend && initialSearch !== "");

  const listKey = `${trendSort}|${search}`;
  const fetchTrends = useCallback((page: number) => fetchTrendPage(search, trendSort, page), [search, trendSort]);
  const trends = usePagedItems(listKey, fetchTrends, props.trends);
  // A shared trend heads the list in every sort while it plays, loaded that far or not, as Categories puts its
  // hashtag first; a trend chosen from the list stays where it is. A search lists only its matches, in their order.
  const pinned =
    linkedTrend && selection?.trend.songKey === linkedTrend.songKey && search === "" ? selection.trend : null;
  const listed = { ...trends, items: chosenFirst(trends.items, pinned, (trend) => trend.songKey) };
  const source = useMemo(() => (selection ? trendVideos(selection) : null), [selection]);
  const list = useVideoList(source);
  const kept = listPlace(list.state);
  const place = source && kept && { key: source.key, ...kept };
  const order = selection?.order ?? opening.order;
  useAddressBar(trendAddress(list.current, search, { trendSort, order }), place);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchText.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  // Without a deep link, the first trend of the list plays.
  const firstTrend = trends.items[0] ?? null;
  useEffect(() => {
    if (!selection && firstTrend) setSelection({ trend: firstTrend, order: opening.order, lead: null });
  }, [selection, firstTrend, opening]);

  function chooseTrend(trend: Trend) {
    setSelection((previous) => ({ trend, order: previous?.order ?? opening.order, lead: null }));
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
          trends={listed}
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
