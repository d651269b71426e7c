import { api, ApiError } from "../lib/api";
import { playableVideos, type Video } from "../player/video";
import type { ItemPage } from "../watch/usePagedItems";
import { VIDEO_PAGE_SIZE, type VideoPage } from "../watch/video-list";
import { videoOrderQuery, type VideoOrder } from "../watch/video-sorts";
import { hashtagsUrl, readHashtags, type HashtagEntry, type HashtagFilter } from "./hashtag-list";

/** Spec §9: public playlists come 50 at a time. */
export const PLAYLISTS_PAGE_SIZE = 50;
const NO_CACHE = { "Cache-Control": "no-cache" };
const POSITION_PAGE = "categories";

export interface PublicPlaylist {
  _id: string;
  name: string;
  description: string;
  videoCount: number;
  createdBy: { username: string };
}

export interface HashtagPage {
  entries: HashtagEntry[];
  hasMore: boolean;
}

interface ListResponse {
  hashtags?: unknown;
  playlists?: unknown;
  videos?: unknown;
  total?: unknown;
  hasMore?: unknown;
}

function totalOf(data: ListResponse | null): number {
  return typeof data?.total === "number" ? data.total : 0;
}

/** One server page of hashtags for the filter; page 1 holds the first 1000, later pages 50. */
export async function fetchHashtags(filter: HashtagFilter, page: number, limit: number): Promise<HashtagPage> {
  const data = await api.get<ListResponse | null>(hashtagsUrl(filter, page, limit, Date.now()), { headers: NO_CACHE });
  return { entries: readHashtags(data?.hashtags), hasMore: data?.hasMore === true };
}


export async function fetchHashtagVideos(hashtag: string, order: VideoOrder, page: number): Promise<VideoPage> {
  const query = `page=${page}&limit=${VIDEO_PAGE_SIZE}&${videoOrderQuery(order)}`;
  const data = await api.get<ListResponse | null>(`/api/tiktok/videos/hashtag/${encodeURIComponent(hashtag)}?${query}`);
  return { videos: playableVideos(data?.videos), total: totalOf(data) };
}

function isPlaylist(value: unknown): value is PublicPlaylist {
  if (typeof value !== "object" || value === null) return false;
  const item = value as Record<string, unknown>;
  return typeof item._id === "string" && typeof item.name === "string";
}

function readPlaylist(item: PublicPlaylist): PublicPlaylist {
  return {
    _id: item._id,
    name: item.name,
    description: typeof item.description === "string" ? item.description : "",
    videoCount: typeof item.videoCount === "number" ? item.videoCount : 0,
    createdBy: { username: typeof item.createdBy?.username === "string" ? item.createdBy.username : "" },
  };
}

export async function fetchPublicPlaylists(page: number): Promise<ItemPage<PublicPlaylist>> {
  const offset = (page - 1) * PLAYLISTS_PAGE_SIZE;
  const data = await api.get<ListResponse | null>(`/api/playlists/public?limit=${PLAYLISTS_PAGE_SIZE}&offset=${offset}`);
  const items = Array.isArray(data?.playlists) ? data.playlists.filter(isPlaylist).map(readPlaylist) : [];
  return { items, hasMore: data?.hasMore === true };
}

/** A playlist the viewer may see (public, or their own), or null when there is none by that id. */
export async function fetchPlaylist(playlistId: string): Promise<PublicPlaylist | null> {
  try {
    const data = await api.get<{ playlist?: unknown } | null>(
      `/api/playlists/${encodeURIComponent(playlistId)}/videos?page=1&limit=1`,
    );
    return isPlaylist(data?.playlist) ? readPlaylist(data.playlist) : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export async function fetchPlaylistVideos(playlistId: string, page: number): Promise<VideoPage> {
  const data = await api.get<ListResponse | null>(
    `/api/playlists/${encodeURIComponent(playlistId)}/videos?page=${page}&limit=${VIDEO_PAGE_SIZE}`,
  );
  return { videos: playableVideos(data?.videos), total: totalOf(data) };
}

export interface FoundVideo {
  video: Video;
  suggestedHashtag: string | null;
}

/** A deep-linked video and the hashtag to open it under; null when it is not found (spec §8: the target resets). */
export async function findVideo(videoId: string): Promise<FoundVideo | null> {
  try {
    const data = await api.get<{ success?: unknown; video?: unknown; suggestedHashtag?: unknown } | null>(
      `/api/tiktok/videos/find-by-id/${encodeURIComponent(videoId)}`,
    );
    const video = data?.success === true ? playableVideos([data.video])[0] : undefined;
    if (!video) return null;
    const suggested = typeof data?.suggestedHashtag === "string" && data.suggestedHashtag ? data.suggestedHashtag : null;
    return { video, suggestedHashtag: suggested };
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) console.error("Looking up the linked video failed", error);
    return null;
  }
}

/** The signed-in viewer's remembered index on this page, or null. */
export async function fetchSavedPosition(): Promise<number | null> {
  const data = await api.get<{ lastVideoPosition?: { videoIndex?: unknown } | null } | null>(
    `/api/user/video-position?page=${POSITION_PAGE}`,
  );
  const index = data?.lastVideoPosition?.videoIndex;
  return typeof index === "number" && Number.isInteger(index) && index >= 0 ? index : null;
}

export async function savePosition(videoIndex: number): Promise<void> {
  await api.put("/api/user/video-position", { videoIndex, page: POSITION_PAGE });
}
