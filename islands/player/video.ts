export interface TrendInfo {
  songKey: string;
  slug: string;
  track: string;
  artist: string;
  isOriginalSound: boolean;
  searchTerm: string;
  videoCount: number;
  uniqueUserCount: number;
  totalViews: number;
  totalLikes: number;
}

export interface VideoMetadata {
  track: string | null;
  artist: string | null;
  description: string | null;
  viewCount: number;
  likeCount: number;
  commentCount: number;
  shareCount: number;
  uploadDate: string;
}

/** A video as every feed call returns it. */
export interface Video {
  _id: string;
  videoId: string;
  username: string;
  displayName: string | null;
  videoUrl: string;
  thumbnail: string;
  title: string | null;
  description: string | null;
  postingDate: string;
  duration: number | null;
  tags: string[];
  /** When the server last read this video's metadata from TikTok; null if never. */
  metadataExtractedAt: string | null;
  isActive: boolean;
  isPhotoPost: boolean;
  metadata: VideoMetadata;
  trendInfo: TrendInfo | null;
  paths: { trend: string | null };
}

const MIN_VIDEO_ID_LENGTH = 6;

/** Spec §5: ids that are missing, '0', blank or 5 characters or fewer are discarded. */
export function isPlayableVideoId(videoId: unknown): videoId is string {
  if (typeof videoId !== "string") return false;
  const trimmed = videoId.trim();
  return trimmed !== "" && trimmed !== "0" && trimmed.length >= MIN_VIDEO_ID_LENGTH;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The videos of a server answer that can be played; anything without a usable id or username is dropped. */
export function playableVideos(value: unknown): Video[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is Video =>
      isRecord(item) && isPlayableVideoId(item.videoId) && typeof item.username === "string" && isRecord(item.metadata),
  );
}

/** The longer of title and description, else 'No description available'. */
export function videoDescription(video: Pick<Video, "title" | "description" | "metadata">): string {
  const title = video.title?.trim() ?? "";
  const description = (video.description ?? video.metadata.description ?? "").trim();
  const longer = description.length > title.length ? description : title;
  return longer || "No description available";
}
