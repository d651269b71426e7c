import { api, ApiError } from "../lib/api";
import type { Answer, FreshMetadata, Video } from "../lib/api-types";

/**
 * Spec §4: the Following feed fetches a video's metadata when it lacks it, meaning the portal's 'basic' and
 * 'none' tiers (no title, or no duration), and only if the server has never read it from TikTok: a video that
 * simply has no caption is not asked about again.
 */
export function lacksMetadata(video: Video): boolean {
  if (video.metadataExtractedAt) return false;
  const titled = Boolean(video.title?.trim());
  const timed = typeof video.duration === "number" && video.duration > 0;
  return !titled || !timed;
}

/** The video with the fresh metadata laid over it; a field TikTok did not give keeps what the video had. */
export function mergeMetadata(video: Video, fresh: FreshMetadata): Video {
  const description = fresh.description ?? video.description;
  return {
    ...video,
    title: fresh.title ?? video.title,
    description,
    duration: fresh.duration ?? video.duration,
    metadataExtractedAt: fresh.metadataExtractedAt,
    metadata: {
      track: fresh.track ?? video.metadata.track,
      artist: fresh.artist ?? video.metadata.artist,
      description: description ?? video.metadata.description,
      viewCount: fresh.viewCount,
      likeCount: fresh.likeCount,
      commentCount: fresh.commentCount,
      shareCount: fresh.shareCount,
      uploadDate: fresh.uploadDate || video.metadata.uploadDate,
    },
  };
}

/** The server's answers when TikTok is out of reach or no longer has the video: the world as it is, not a fault. */
const TIKTOK_SAID_NO = new Set([404, 502, 503, 504]);

/** Asks the server to read the video's metadata from TikTok; a failure is only logged (a warning when TikTok is
 * out of reach or the video is gone, an error otherwise). */
export async function extractVideoMetadata(video: Video): Promise<FreshMetadata | null> {
  try {
    const url = `/api/tiktok/videos/extract-metadata/${encodeURIComponent(video.videoId)}`;
    const answer = await api.post<Answer<"VideoMetadataOut">>(url, { username: video.username });
    return answer.metadata;
  } catch (error) {
    const log = error instanceof ApiError && TIKTOK_SAID_NO.has(error.status) ? console.warn : console.error;
    log(`Fetching the metadata of video ${video.videoId} failed`, error);
    return null;
  }
}
