import { useMemo, useState } from "react";
import { getAppContext } from "../lib/context";
import { videoCountText } from "../lib/count-text";
import { ListStage } from "../ui/ListStage";
import { useReturnedList } from "../lib/useReturnedList";
import type { VideoOrder } from "../lib/video-sorts";
import { VideoSortSelect } from "../ui/VideoSortSelect";
import { ChannelSidebar } from "../ui/ChannelSidebar";
import { DiscoverPanel } from "./DiscoverPanel";
import { FOLLOWING_VIDEO_SORTS } from "./following-api";
import { followingSources, followingVideos } from "./following-feed";
import { MobileFilterBar } from "../ui/MobileFilterBar";
import { useChannelFilters } from "../ui/useChannelFilters";
import { sidebarOpening } from "../ui/channel-address";
import { useNamedFilter } from "../ui/useNamedFilter";
import { addressedChoices, followingAddress } from "./following-address";
import { useLoadingTimeout } from "./useLoadingTimeout";
import { useMetadataBackfill } from "./useMetadataBackfill";
import type { Suggestions } from "./useSuggestions";
import { filterLabel } from "../lib/video-filter";
import { t } from "../lib/i18n";


interface Props {
  /** The followed creators, as one string (see followedFingerprint). */
  followed: string;
  suggestions: Suggestions;
}

function EmptyFeed() {
  return <p className="empty-title">{t("No Following videos yet")}</p>;
}

/** Signed in and following someone: filters, the followed creators' videos 5 at a time, and more creators. */
export function FollowingFeed({ followed, suggestions }: Props) {
  const username = getAppContext().user?.username ?? "";
  const sources = useMemo(() => followingSources(followed), [followed]);
  const [addressed] = useState(() => addressedChoices(window.location.search));
  const filters = useChannelFilters(sources, { allTabShowsAll: true, opening: sidebarOpening(addressed) });
  const lookingForFilter = useNamedFilter(filters, addressed.named);
  const { filter } = filters;
  const [order, setOrder] = useState<VideoOrder>(addressed.order);
  const source = useMemo(
    () => (lookingForFilter ? null : followingVideos(filter, order, username, followed)),
    [lookingForFilter, filter, order, username, followed],
  );
  const list = useReturnedList(source, lookingForFilter ? null : followingAddress(filter, order, filters.trendSort));
  const { state, current } = list;
  useMetadataBackfill(list);
  const firstPageLoading = state.page === 0 && !state.failed;
  const timedOut = useLoadingTimeout(firstPageLoading && source ? source.key : null);
  const allVideosTitle = t("All videos from creators you follow");
  const atEnd = current !== null && state.index === state.videos.length - 1 && !state.hasMore && !state.loading;

  const allPanel = (
    <p className="watch-list-status" role="status">
      {firstPageLoading && filter.kind === "all" ? (
        <>
          <span className="spinner" aria-hidden="true" />
          {t("Loading all videos from creators you follow...")}
        </>
      ) : (
        `${allVideosTitle} · ${videoCountText(state.total)}`
      )}
    </p>
  );

  return (
    <div className="channel-layout following-layout">
      <aside className="channel-sidebar" aria-labelledby="following-title">
        <h1 id="following-title" className="watch-panel-title">
          {t("Following")}
        </h1>
        <div className="channel-sidebar-filters">
          <ChannelSidebar filters={filters} allPanel={allPanel} />
        </div>
      </aside>
      <section className="feed watch-feed channel-feed" aria-label={t("Videos from creators you follow")}>
        <MobileFilterBar filters={filters} />
        <div className="watch-heading">
          <div className="category-heading">
            <h2 className="category-title">{filterLabel(filter) ?? allVideosTitle}</h2>
            {state.page > 0 && <p className="category-meta">{videoCountText(state.total)}</p>}
          </div>
          {filter.kind !== "playlist" && (
            <VideoSortSelect sorts={FOLLOWING_VIDEO_SORTS} order={order} onChange={setOrder} />
          )}
        </div>
        {timedOut && !current ? (
          <div className="empty-state feed-empty-state">
            <EmptyFeed />
          </div>
        ) : (
          <ListStage list={list} details={{ song: true, tags: true, card: true }} empty={<EmptyFeed />} />
        )}
        {atEnd && <p className="channel-feed-end">{t("You've reached the end of your feed")}</p>}
      </section>
      <DiscoverPanel suggestions={suggestions} />
    </div>
  );
}
