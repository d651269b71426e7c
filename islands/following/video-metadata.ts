import { api } from "../lib/api";
import type { Video } from "../lib/api-types";

/** What POST /api/tiktok/videos/extract-metadata/{videoId} answers as `metadata`. */
export interface ExtractedMetadata {
  title: string | null;
  description: string | null;
  duration: number | null;
  track: string | null;
  artist: string | null;
  viewCount: number;
  likeCount: number;
  commentCount: number;
  shareCount: number;
  uploadDate: string;
  metadataExtractedAt: string;
}

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
export function mergeMetadata(video: Video, fresh: ExtractedMetadata): Video {
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

function text(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

function count(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : 0;
}

/** The answer's metadata, or null when it is not one. */
export function readExtractedMetadata(value: unknown): ExtractedMetadata | null {
  const metadata = (value as { metadata?: unknown } | null)?.metadata as Record<string, unknown> | undefined;
  if (typeof metadata !== "object" || metadata === null) return null;
  const extractedAt = text(metadata.metadataExtractedAt);
  if (!extractedAt) return null;
  return {
    title: text(metadata.title),
    description: text(metadata.description),
    duration: typeof metadata.duration === "number" && metadata.duration > 0 ? metadata.duration : null,
    track: text(metadata.track),
    artist: text(metadata.artist),
    viewCount: count(metadata.viewCount),
    likeCount: count(metadata.likeCount),
    commentCount: count(metadata.commentCount),
    shareCount: count(metadata.shareCount),
    uploadDate: text(metadata.uploadDate) ?? "",
    metadataExtractedAt: extractedAt,
  };
}

/** Asks the server to read the video's metadata from TikTok; a failure (404, 502, 503) is only logged. */
export async function extractVideoMetadata(video: Video): Promise<ExtractedMetadata | null> {
  try {
    const answer = await api.post<unknown>(`/api/tiktok/videos/extract-metadata/${encodeURIComponent(video.videoId)}`, {
      username: video.username,
    });
    return readExtractedMetadata(answer);
  } catch (error) {
    console.error(`Fetching the metadata of video ${video.videoId} failed`, error);
    return null;
  }
}
