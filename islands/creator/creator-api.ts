import { api } from "../lib/api";
import { fetchPlaylistVideos, fetchPublicPlaylists, type PublicPlaylist } from "../categories/categories-api";
import { readHashtags, type HashtagEntry } from "../categories/hashtag-list";
import type { VideoFilter } from "../following/video-filter";
import { playableVideos } from "../player/video";
import { sameUsername } from "../watch/following";
import { readTrends, type Trend, type TrendSort } from "../watch/trends";
import type { ItemPage } from "../watch/usePagedItems";
import { VIDEO_PAGE_SIZE, type VideoPage } from "../watch/video-list";

/** The creator page's video sort: Newest, Oldest and Most Views, in the API's words. */
export const CREATOR_VIDEO_SORTS = [
  { value: "latest", label: "Newest" },
  { value: "oldest", label: "Oldest" },
  { value: "popular", label: "Most Views" },
] as const;
export type CreatorVideoSort = (typeof CREATOR_VIDEO_SORTS)[number]["value"];
export const DEFAULT_CREATOR_SORT: CreatorVideoSort = "latest";

/** Public playlists are read this many pages deep (50 each) when looking for the creator's own. */
const MAX_PLAYLIST_PAGES = 20;

export interface ListResponse {
  videos?: unknown;
  total?: unknown;
  hasMore?: unknown;
  hasNextPage?: unknown;
  trends?: unknown;
  hashtags?: unknown;
  danzaFollowers?: unknown;
}

function creatorPath(username: string): string {
  return encodeURIComponent(username);
}

/** The request for page n of a creator's videos under a filter other than a playlist. */
export function creatorVideosUrl(
  username: string,
  filter: Exclude<VideoFilter, { kind: "playlist" }>,
  sort: CreatorVideoSort,
  page: number,
): string {
  const paging = `limit=${VIDEO_PAGE_SIZE}&page=${page}`;
  const user = creatorPath(username);
  switch (filter.kind) {
    case "all":
      return `/api/tiktok/videos/${user}?sortOrder=${sort}&${paging}`;
    case "trend":
      return `/api/tiktok/videos/user/${user}/trend/${encodeURIComponent(filter.trend.songKey)}?sortBy=${sort}&${paging}`;
    case "hashtag":
      return `/api/tiktok/videos/user/${user}/hashtag/${encodeURIComponent(filter.hashtag)}?sortBy=${sort}&${paging}`;
  }
}

export async function fetchCreatorVideos(
  username: string,
  filter: VideoFilter,
  sort: CreatorVideoSort,
  page: number,
): Promise<VideoPage> {
  if (filter.kind === "playlist") return fetchPlaylistVideos(filter.playlist._id, page);
  return readVideoPage(await api.get<ListResponse | null>(creatorVideosUrl(username, filter, sort, page)));
}

/** A page of a creator's videos as the API (or the page's own props) gives it. */
export function readVideoPage(data: ListResponse | null): VideoPage {
  const more = data?.hasNextPage ?? data?.hasMore;
  return {
    videos: playableVideos(data?.videos),
    total: typeof data?.total === "number" ? data.total : 0,
    hasMore: typeof more === "boolean" ? more : undefined,
  };
}

export async function fetchCreatorTrends(username: string, sortBy: TrendSort, page: number): Promise<ItemPage<Trend>> {
  const query = new URLSearchParams({ sortBy, limit: String(VIDEO_PAGE_SIZE), page: String(page) });
  const data = await api.get<ListResponse | null>(`/api/tiktok/dance-trends/user/${creatorPath(username)}?${query}`);
  return { items: readTrends(data?.trends), hasMore: data?.hasMore === true };
}

export async function fetchCreatorHashtags(username: string, page: number): Promise<ItemPage<HashtagEntry>> {
  const query = new URLSearchParams({ limit: String(VIDEO_PAGE_SIZE), page: String(page) });
  const data = await api.get<ListResponse | null>(`/api/tiktok/categories/user/${creatorPath(username)}/hashtags?${query}`);
  return { items: readHashtags(data?.hashtags), hasMore: data?.hasMore === true };
}

/** Spec §7: the creator's playlists are the public ones they made, picked out on the client. */
export async function fetchCreatorPlaylists(username: string): Promise<ItemPage<PublicPlaylist>> {
  const own: PublicPlaylist[] = [];
  for (let page = 1; page <= MAX_PLAYLIST_PAGES; page += 1) {
    const { items, hasMore } = await fetchPublicPlaylists(page);
    own.push(...items.filter((playlist) => sameUsername(playlist.createdBy.username, username)));
    if (!hasMore) break;
  }
  return { items: own, hasMore: false };
}

/** How many users follow the creator now (after a follow toggle). */
export async function fetchFollowerCount(username: string): Promise<number | null> {
  const data = await api.get<ListResponse | null>(`/api/tiktok/usernames/${creatorPath(username)}/followers`);
  return typeof data?.danzaFollowers === "number" ? data.danzaFollowers : null;
}
