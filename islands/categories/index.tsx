import { useEffect, useMemo, useState } from "react";
import { hashtagFeedPath, playlistFeedPath } from "../lib/feeds";
import { FeedLink } from "../ui/FeedLink";
import type { Answer, Playlist, Video } from "../lib/api-types";
import { normaliseHashtag } from "../lib/share";
import { playableVideos } from "../lib/video";
import { useAddressBar } from "../lib/address-bar";
import { BrowsePanel } from "../ui/BrowsePanel";
import { videoCountText } from "../lib/count-text";
import { ListStage } from "../ui/ListStage";
import { ErrorBanner, StageSkeleton } from "../ui/StageStatus";
import { usePagedItems } from "../lib/usePagedItems";
import { useVideoList } from "../lib/useVideoList";
import { listPlace } from "../lib/video-list";
import { VideoSortSelect } from "../ui/VideoSortSelect";
import { fetchMyPlaylists, fetchPublicPlaylists } from "../lib/categories-api";
import { getAppContext } from "../lib/context";
import { onAppEvent } from "../lib/events";
import { useResource } from "../lib/useResource";
import { CategoryTabs, type CategoryKind } from "../ui/CategoryTabs";
import { categoryVideos, choiceHashtag, hashtagChoice, type CategoryChoice } from "./choice";
import type { HashtagFilter } from "../lib/hashtag-list";
import { addressedChoices, categoryAddress, CATEGORY_VIDEO_SORTS } from "./category-address";
import { HashtagList } from "./HashtagList";
import { PlaylistList } from "../ui/PlaylistList";
import { withOwnPlaylists } from "./own-playlists";
import { useHashtagList } from "./useHashtagList";
import { useLinkedChoice } from "./useLinkedChoice";
import { isTheList, useListStep } from "./useListStep";
import { useSavedPosition } from "./useSavedPosition";
import { t } from "../lib/i18n";

export interface CategoriesProps {
  /** The deep-linked video, as the server resolved it. */
  video?: Video | null;
  /** The hashtag the server chose for it: the address's, else the video's suggested one. */
  hashtag?: string | null;
  /** That hashtag's count as the page drew it (in the address's year), till the list or its videos say. */
  hashtagCount?: number | null;
  /** For '/categories?playlist={id}': the playlist and its first videos, as GET /api/playlists/{id}/videos
   * answers; null when the viewer may not see it. */
  playlist?: Answer<"PlaylistVideos"> | null;
  /** For '/categories?playlist={id}': the panel's first page of public playlists, as GET /api/playlists/public
   * answers. */
  publicPlaylists?: Answer<"PlaylistPage"> | null;
}


/** Categories (spec §2 "Categories page"): hashtags and public playlists beside a stage playing the chosen one. */
export default function Categories({
  video,
  hashtag = null,
  hashtagCount = null,
  playlist = null,
  publicPlaylists = null,
}: CategoriesProps) {
  const pageVideo = useMemo(() => (video ? playableVideos([video])[0] ?? null : null), [video]);
  // Undefined until the viewer chooses (or Back returns to the list, null): the address's choice stands till then.
  const [choice, setChoice] = useState<CategoryChoice | null>();
  const [panelOpen, setPanelOpen] = useState(false);
  const [opening] = useState(() => addressedChoices(window.location.search));
  // The linked video's lookup answers late: a category the viewer chose meanwhile stands.
  const linked = useLinkedChoice(pageVideo, hashtag, playlist, opening.order, (found) =>
    setChoice((chosen) => (chosen === undefined ? found : chosen)),
  );
  const current = choice === undefined ? linked.initial : choice;

  const [tab, setTab] = useState<CategoryKind>(linked.linkedToPlaylist ? "playlists" : opening.tab);
  const [playlistsOpened, setPlaylistsOpened] = useState(tab === "playlists");
  const [filter, setFilter] = useState<HashtagFilter>(opening.filter);
  const hashtags = useHashtagList(filter);
  const [sentPlaylists] = useState(
    () => publicPlaylists && { items: publicPlaylists.playlists, hasMore: publicPlaylists.hasMore },
  );
  const playlists = usePagedItems<Playlist>(playlistsOpened ? "public" : null, fetchPublicPlaylists, sentPlaylists);
  const viewer = getAppContext().user;
  const ownWanted = viewer !== null && playlistsOpened;
  const own = useResource(
    "Loading your playlists failed",
    () => (ownWanted ? fetchMyPlaylists() : Promise.resolve([])),
    [viewer?.username ?? null, ownWanted],
  );

  // The viewer's playlists as the 'Add to Playlist' dialog last changed them: the one playing shows its new count.
  const [changedPlaylists, setChangedPlaylists] = useState<Record<string, Playlist>>({});
  const reloadOwn = own.reload;
  useEffect(
    () =>
      onAppEvent("app:playlist-changed", ({ playlist: changed }) => {
        setChangedPlaylists((known) => ({ ...known, [changed._id]: changed }));
        reloadOwn();
      }),
    [reloadOwn],
  );

  const source = useMemo(() => (current ? categoryVideos(current) : null), [current]);
  const list = useVideoList(source);
  useSavedPosition(list, !linked.linkedToVideo && !linked.linkedToPlaylist);
  const onStage = list.current;
  // With no category, the list's own address shows its filter; a link still being looked up keeps its address.
  const address = current ? categoryAddress(current, onStage, filter) : isTheList() ? categoryAddress(null, null, filter, tab) : null;
  const place = listPlace(list.state);

  const listStep = useListStep((returnedTo, resume) => {
    if (returnedTo && current && categoryVideos(returnedTo).key === categoryVideos(current).key) {
      // Back from a #fragment to the category's own entry: the feed stays where it is, and so does the address.
      if (address) listStep.remember(current, place, address);
      return;
    }
    // The list as it was (a linked video still first), picking up where it was left (on a linked video: as it is).
    const pickUp = resume && resume.videoId !== returnedTo?.lead?.videoId ? resume : undefined;
    setChoice(returnedTo && { ...returnedTo, resume: pickUp });
    setPanelOpen(false);
  });
  // Before the address bar follows the video: on a step's entry this one call moves both the address and the state.
  const [placeIndex, placeVideo] = [place?.index, place?.videoId];
  useEffect(() => {
    if (current && address) listStep.remember(current, placeVideo ? { index: placeIndex ?? 0, videoId: placeVideo } : null, address);
  }, [current, placeIndex, placeVideo, address, listStep]);
  useAddressBar(address);

  function choose(next: CategoryChoice | null) {
    if (!next) return;
    if (current === null) listStep.leaveList(next, categoryAddress(next, null, filter));
    setChoice(next);
    setPanelOpen(false);
  }

  function openTab(kind: CategoryKind) {
    setTab(kind);
    if (kind !== "playlists") return;
    if (playlistsOpened) own.reload(); // a playlist made or changed meanwhile (the overlay) shows
    setPlaylistsOpened(true);
  }

  const selectedPlaylist = current?.kind === "playlist" ? current.playlist._id : null;
  const choosePlaylist = (playlist: Playlist) => choose({ kind: "playlist", playlist, lead: null });
  const selectedHashtag = choiceHashtag(current);
  const selectedEntry = selectedHashtag
    ? hashtags.state.entries.find((entry) => normaliseHashtag(entry.hashtag) === selectedHashtag)
    : undefined;
  const sentCount = hashtag !== null && selectedHashtag === normaliseHashtag(hashtag) ? hashtagCount : null;
  const changedPlaylist = current?.kind === "playlist" ? changedPlaylists[current.playlist._id] : undefined;
  const knownCount = current?.kind === "playlist" ? current.playlist.videoCount : (selectedEntry?.count ?? sentCount);
  const count = changedPlaylist?.videoCount ?? (list.state.page > 0 ? list.state.total : knownCount);
  const title = current?.kind === "playlist" ? current.playlist.name : selectedHashtag ? `#${selectedHashtag}` : null;

  return (
    <div className="watch-layout">
      <BrowsePanel
        title={t("Categories")}
        summary={title ?? t("Browse categories")}
        collapsible={current !== null}
        open={panelOpen}
        onToggle={() => setPanelOpen((open) => !open)}
      >
        <CategoryTabs active={tab} onChange={openTab}>
          {tab === "hashtags" ? (
            <HashtagList
              filter={filter}
              onFilterChange={setFilter}
              hashtags={hashtags}
              selected={selectedHashtag}
              onSelect={(entry) => choose(hashtagChoice(entry.hashtag))}
            />
          ) : (
            <PlaylistList
              {...withOwnPlaylists(own.data ?? [], playlists, selectedPlaylist, choosePlaylist)}
              selectedId={selectedPlaylist}
              onSelect={choosePlaylist}
            />
          )}
        </CategoryTabs>
      </BrowsePanel>
      <section className="feed watch-feed" aria-label={t("Category videos")}>
        {hashtags.state.error && <ErrorBanner message={hashtags.state.error} />}
        {current ? (
          <>
            <div className="watch-heading">
              <div className="category-heading">
                <h2 className="category-title">{title}</h2>
                <p className="category-meta">
                  {count !== null && videoCountText(count)}
                  {current.kind === "playlist" && current.playlist.createdBy.username && (
                    <> · {t("by @{username}", { username: current.playlist.createdBy.username })}</>
                  )}
                </p>
              </div>
              {current.kind === "hashtag" ? (
                <FeedLink href={hashtagFeedPath(current.hashtag)} title={t("Atom feed of this hashtag")} />
              ) : (
                (changedPlaylist ?? current.playlist).isPublic && (
                  <FeedLink href={playlistFeedPath(current.playlist._id)} title={t("Atom feed of this playlist")} />
                )
              )}
              {current.kind === "hashtag" && (
                <VideoSortSelect
                  sorts={CATEGORY_VIDEO_SORTS}
                  order={current.order}
                  onChange={(order) => choose({ ...current, order, lead: null, resume: undefined })}
                />
              )}
            </div>
            <ListStage list={list} details={{ song: true, tags: true }} />
          </>
        ) : linked.resolving ? (
          <StageSkeleton />
        ) : (
          <div className="empty-state feed-empty-state">
            <p className="empty-title">{t("Select a Category")}</p>
          </div>
        )}
      </section>
    </div>
  );
}
