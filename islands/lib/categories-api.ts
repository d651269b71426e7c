import { api, ApiError } from "./api";
import type { Answer, Hashtag, Playlist, Video } from "./api-types";
import { playableVideos } from "./video";
import type { ItemPage } from "./usePagedItems";
import { readVideoPage, VIDEO_PAGE_SIZE, type VideoPage } from "./video-list";
import { videoOrderQuery, type VideoOrder } from "./video-sorts";
import { hashtagsUrl, type HashtagFilter } from "./hashtag-list";

/** Spec §9: public playlists come 50 at a time. */
export const PLAYLISTS_PAGE_SIZE = 50;
const NO_CACHE = { "Cache-Control": "no-cache" };
const POSITION_PAGE = "categories";

export interface HashtagPage {
  entries: Hashtag[];
  hasMore: boolean;
}

/** One server page of hashtags for the filter; page 1 holds the first 1000, later pages 50. */
export async function fetchHashtags(filter: HashtagFilter, page: number, limit: number): Promise<HashtagPage> {
  const data = await api.get<Answer<"HashtagPage">>(hashtagsUrl(filter, page, limit, Date.now()), { headers: NO_CACHE });
  return { entries: data.hashtags, hasMore: data.hasMore };
}


export async function fetchHashtagVideos(hashtag: string, order: VideoOrder, page: number): Promise<VideoPage> {
  const query = `page=${page}&limit=${VIDEO_PAGE_SIZE}&${videoOrderQuery(order)}`;
  const data = await api.get<Answer<"HashtagVideoPage">>(
    `/api/tiktok/videos/hashtag/${encodeURIComponent(hashtag)}?${query}`,
  );
  return { videos: playableVideos(data.videos), total: data.total };
}

export async function fetchPublicPlaylists(page: number): Promise<ItemPage<Playlist>> {
  const offset = (page - 1) * PLAYLISTS_PAGE_SIZE;
  const data = await api.get<Answer<"PlaylistPage">>(`/api/playlists/public?limit=${PLAYLISTS_PAGE_SIZE}&offset=${offset}`);
  return { items: data.playlists, hasMore: data.hasMore };
}

/** The signed-in viewer's own playlists, private ones too (newest first, at most 200). */
export async function fetchMyPlaylists(): Promise<Playlist[]> {
  return (await api.get<Answer<"PlaylistList">>("/api/playlists/my")).playlists;
}

export async function fetchPlaylistVideos(playlistId: string, page: number): Promise<VideoPage> {
  return readVideoPage(
    await api.get<Answer<"PlaylistVideos">>(
      `/api/playlists/${encodeURIComponent(playlistId)}/videos?page=${page}&limit=${VIDEO_PAGE_SIZE}`,
    ),
  );
}

export interface FoundVideo {
  video: Video;
  suggestedHashtag: string | null;
}

/** A deep-linked video and the hashtag to open it under; null when it is not found (spec §8: the target resets). */
export async function findVideo(videoId: string): Promise<FoundVideo | null> {
  try {
    const data = await api.get<Answer<"FoundVideo">>(`/api/tiktok/videos/find-by-id/${encodeURIComponent(videoId)}`);
    const video = data.success && data.video ? playableVideos([data.video])[0] : undefined;
    if (!video) return null;
    return { video, suggestedHashtag: data.suggestedHashtag || null };
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) console.error("Looking up the linked video failed", error);
    return null;
  }
}

/** The signed-in viewer's remembered index on this page, or null. */
export async function fetchSavedPosition(): Promise<number | null> {
  const data = await api.get<Answer<"SavedPosition">>(`/api/user/video-position?page=${POSITION_PAGE}`);
  const index = data.lastVideoPosition?.videoIndex;
  return index !== undefined && index >= 0 ? index : null;
}

export async function savePosition(videoIndex: number): Promise<void> {
  await api.put("/api/user/video-position", { videoIndex, page: POSITION_PAGE });
}
