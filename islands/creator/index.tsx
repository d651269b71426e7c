import { lazy, Suspense, useCallback, useMemo, useState } from "react";
import { ChannelSidebar } from "../ui/ChannelSidebar";
import { MobileFilterBar } from "../ui/MobileFilterBar";
import { useChannelFilters, type ChannelSources } from "../ui/useChannelFilters";
import { ALL_VIDEOS, filterKey, filterLabel, type VideoFilter } from "../lib/video-filter";
import { videoCountText } from "../lib/count-text";
import { LabelledSelect } from "../ui/LabelledSelect";
import { shownOptions } from "../lib/sort-names";
import { ListStage } from "../ui/ListStage";
import type { VideoSource } from "../lib/useVideoList";
import { useReturnedList } from "../lib/useReturnedList";
import { readVideoPage, type VideoPage } from "../lib/video-list";
import type { ItemPage } from "../lib/usePagedItems";
import type { Answer, CreatorProfile, Trend } from "../lib/api-types";
import { getAppContext } from "../lib/context";
import { currentPlayerSettings } from "../lib/player-settings";
import { BackButton } from "./BackButton";
import { CreatorCard } from "./CreatorCard";
import { addressedChoices, creatorAddress } from "./creator-address";
import { sidebarOpening } from "../ui/channel-address";
import { useNamedFilter } from "../ui/useNamedFilter";
import {
  CREATOR_VIDEO_SORTS,
  DEFAULT_CREATOR_SORT,
  fetchCreatorHashtags,
  fetchCreatorPlaylists,
  fetchCreatorTrends,
  fetchCreatorVideos,
  type CreatorVideoSort,
} from "./creator-api";
import { t } from "../lib/i18n";

export interface CreatorPageProps {
  /** The creator, as GET /api/tiktok/usernames/{username} answers. */
  profile: CreatorProfile;
  /** Page 1 of all their videos, as GET /api/tiktok/videos/{username} answers it, in `firstPageSort`'s order. */
  firstPage?: Answer<"VideoPage">;
  /** The order the server drew the first page in: the address's sort (newest first when left out). */
  firstPageSort?: CreatorVideoSort;
  /** Page 1 of their trends in the address's trend sort, as the sidebar opens on them (none when the address names
   * a filter), as GET /api/tiktok/dance-trends/user/{username} answers it. */
  firstTrends?: ItemPage<Trend> | null;
}

/** The first page the server sent, and the order it is in. */
interface SentPage {
  page: VideoPage;
  sort: CreatorVideoSort;
}

// Only admins get Download All and Delete, so visitors never download their code.
const AdminActions = lazy(() => import("./AdminActions").then((module) => ({ default: module.AdminActions })));

function creatorSources(username: string): ChannelSources {
  return {
    scope: `user:${username}`,
    fetchTrends: (sort, page) => fetchCreatorTrends(username, sort, page),
    fetchHashtags: (page) => fetchCreatorHashtags(username, page),
    fetchPlaylists: () => fetchCreatorPlaylists(username),
  };
}

function creatorVideos(
  username: string,
  filter: VideoFilter,
  sort: CreatorVideoSort,
  sent?: SentPage,
): VideoSource {
  const startsWith = filter.kind === "all" && sort === sent?.sort ? sent.page : undefined;
  return {
    key: `${filterKey(filter)}|${sort}`,
    fetchPage: (page) => fetchCreatorVideos(username, filter, sort, page),
    firstPage: startsWith,
  };
}

/** Where the admin's buttons come, their height kept while their code loads (visitors never load it). */
function AdminPlace() {
  return (
    <div className="creator-admin">
      <div className="creator-admin-buttons" />
    </div>
  );
}

function LoadingProfile({ username }: { username: string }) {
  return (
    <div className="creator-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {t("Loading @{username} profile...", { username })}
    </div>
  );
}

function NoVideos({ username }: { username: string }) {
  return (
    <>
      <p className="empty-title">{t("No videos found for @{username}", { username })}</p>
      <p className="muted">{t("This user doesn't have any videos in our database yet.")}</p>
    </>
  );
}

/** A creator's page (spec §2 "Creator profile viewer"): their card and filters beside their videos. */
export default function Creator({ profile, firstPage, firstPageSort = DEFAULT_CREATOR_SORT, firstTrends }: CreatorPageProps) {
  const { username } = profile;
  const [sentPage] = useState(() => (firstPage ? { page: readVideoPage(firstPage), sort: firstPageSort } : undefined));
  const [addressed] = useState(() => addressedChoices(window.location.search));
  const sources = useMemo(() => creatorSources(username), [username]);
  const filters = useChannelFilters(sources, { opening: sidebarOpening(addressed), firstTrends });
  const lookingForFilter = useNamedFilter(filters, addressed.named);
  const { filter, choose } = filters;
  const [sort, setSort] = useState<CreatorVideoSort>(addressed.sort);
  const source = useMemo(
    () => (lookingForFilter ? null : creatorVideos(username, filter, sort, sentPage)),
    [lookingForFilter, username, filter, sort, sentPage],
  );
  const address = lookingForFilter ? null : creatorAddress(window.location.pathname, filter, sort, filters.trendSort);
  const list = useReturnedList(source, address);
  const { state } = list;
  const [ready, setReady] = useState(false);
  if (!ready && (state.page > 0 || state.failed)) setReady(true);
  const showAll = useCallback(() => choose(ALL_VIDEOS), [choose]);
  const isAdmin = getAppContext().user?.role === "admin";
  const showDownloads = currentPlayerSettings().showDownloadButtons;
  const adminActions = isAdmin ? (
    <Suspense fallback={<AdminPlace />}>
      <AdminActions username={username} showDownloads={showDownloads} />
    </Suspense>
  ) : undefined;

  const allPanel = (
    <div className="creator-all">
      <p className="muted">{t("Every video by @{username}, in the order you choose.", { username })}</p>
      <button type="button" className="btn btn-primary" aria-pressed={filter.kind === "all"} onClick={showAll}>
        {t("Show All Videos")}
      </button>
    </div>
  );

  return (
    <div className="creator-page">
      {!ready && <LoadingProfile username={username} />}
      <BackButton />
      <div className="channel-layout creator-layout" hidden={!ready}>
        <aside className="channel-sidebar creator-sidebar" aria-label={`@${username}`}>
          <CreatorCard profile={profile} adminActions={adminActions} />
          <div className="channel-sidebar-filters">
            <ChannelSidebar filters={filters} allPanel={allPanel} />
          </div>
        </aside>
        <section className="feed watch-feed channel-feed" aria-label={t("Videos by @{username}", { username })}>
          <MobileFilterBar filters={filters} allPanel={allPanel} />
          <div className="watch-heading">
            <div className="category-heading">
              <h2 className="category-title">{filterLabel(filter) ?? t("All Videos")}</h2>
              {state.page > 0 && <p className="category-meta">{videoCountText(state.total)}</p>}
            </div>
            {filter.kind !== "playlist" && (
              <LabelledSelect
                label={t("Sort videos")}
                className="watch-video-sort"
                value={sort}
                options={shownOptions(CREATOR_VIDEO_SORTS)}
                onChange={setSort}
              />
            )}
          </div>
          <ListStage
            list={list}
            details={{ song: true, tags: true, maxTags: 5, card: true }}
            empty={filter.kind === "all" ? <NoVideos username={username} /> : undefined}
          />
          {state.loading && state.page > 0 && (
            <p className="channel-loading-more" role="status">
              <span className="spinner" aria-hidden="true" />
              {t("Loading more videos...")}
            </p>
          )}
        </section>
      </div>
    </div>
  );
}
