import { N_ } from "../lib/i18n";
import { api } from "../lib/api";
import { fetchPlaylistVideos, fetchPublicPlaylists } from "../lib/categories-api";
import type { VideoFilter } from "../lib/video-filter";
import type { Answer, Hashtag, Playlist, Trend } from "../lib/api-types";
import { sameUsername } from "../lib/following";
import type { TrendSort } from "../lib/trends";
import type { ItemPage } from "../lib/usePagedItems";
import { readVideoPage, VIDEO_PAGE_SIZE, type VideoPage } from "../lib/video-list";

/** The creator page's video sort: Newest, Oldest and Most Views, in the API's words. */
export const CREATOR_VIDEO_SORTS = [
  { value: "latest", label: N_("Newest") },
  { value: "oldest", label: N_("Oldest") },
  { value: "popular", label: N_("Most Views") },
] as const;
export type CreatorVideoSort = (typeof CREATOR_VIDEO_SORTS)[number]["value"];
export const DEFAULT_CREATOR_SORT: CreatorVideoSort = "latest";

/** Public playlists are read this many pages deep (50 each) when looking for the creator's own. */
const MAX_PLAYLIST_PAGES = 20;

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
  return readVideoPage(await api.get<Answer<"VideoPage">>(creatorVideosUrl(username, filter, sort, page)));
}

export async function fetchCreatorTrends(username: string, sortBy: TrendSort, page: number): Promise<ItemPage<Trend>> {
  const query = new URLSearchParams({ sortBy, limit: String(VIDEO_PAGE_SIZE), page: String(page) });
  const data = await api.get<Answer<"TrendPage">>(`/api/tiktok/dance-trends/user/${creatorPath(username)}?${query}`);
  return { items: data.trends, hasMore: data.hasMore };
}

export async function fetchCreatorHashtags(username: string, page: number): Promise<ItemPage<Hashtag>> {
  const query = new URLSearchParams({ limit: String(VIDEO_PAGE_SIZE), page: String(page) });
  const data = await api.get<Answer<"HashtagPage">>(
    `/api/tiktok/categories/user/${creatorPath(username)}/hashtags?${query}`,
  );
  return { items: data.hashtags, hasMore: data.hasMore };
}

/** Spec §7: the creator's playlists are the public ones they made, picked out on the client. */
export async function fetchCreatorPlaylists(username: string): Promise<ItemPage<Playlist>> {
  const own: Playlist[] = [];
  for (let page = 1; page <= MAX_PLAYLIST_PAGES; page += 1) {
    const { items, hasMore } = await fetchPublicPlaylists(page);
    own.push(...items.filter((playlist) => sameUsername(playlist.createdBy.username, username)));
    if (!hasMore) break;
  }
  return { items: own, hasMore: false };
}

/** How many users follow the creator now (after a follow toggle). */
export async function fetchFollowerCount(username: string): Promise<number> {
  const data = await api.get<Answer<"CreatorFollowers">>(`/api/tiktok/usernames/${creatorPath(username)}/followers`);
  return data.danzaFollowers;
}
