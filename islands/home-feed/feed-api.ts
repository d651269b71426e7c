import { api, ApiError, serverMessage } from "../lib/api";
import { playableVideos, type Video } from "../player/video";
import { pageCount } from "./feed-state";

export const RATE_LIMIT_MESSAGE = "Too many requests. Please wait a moment and try again.";
export const REPORT_FAILED_MESSAGE = "Failed to report video. Please try again.";
export const ADMIN_REPORT_SUCCESS_MESSAGE = "Video marked as unavailable";
export const ADMIN_REPORT_FAILED_MESSAGE = "Failed to report video";
export const NETWORK_ERROR_MESSAGE = "Network error occurred";

// Spec §7: the random feed is requested with `Cache-Control: max-age=120`.
const RANDOM_FEED_HEADERS = { "Cache-Control": "max-age=120" };

interface RandomVideoResponse {
  success?: unknown;
  videos?: unknown;
  totalTrends?: unknown;
}

export interface FeedPage {
  videos: Video[];
  totalTrends: number | null;
}

/** Page n of the random feed (5·n distinct random trends); an empty or unsuccessful answer is an empty page. */
export async function fetchRandomPage(page: number): Promise<FeedPage> {
  const data = await api.get<RandomVideoResponse | null>(`/api/tiktok/random-video?count=${pageCount(page)}`, {
    headers: RANDOM_FEED_HEADERS,
  });
  const videos = data?.success === true ? playableVideos(data.videos) : [];
  if (videos.length === 0) console.error("No random videos found");
  const total = data?.totalTrends;
  return { videos, totalTrends: typeof total === "number" && Number.isFinite(total) ? total : null };
}

export function isRateLimited(error: unknown): boolean {
  return error instanceof ApiError && error.status === 429;
}

export interface FollowResult {
  isFollowing: boolean;
  subscribedTo: string[] | null;
}

/** Follows or stops following a creator; the answer's subscribedTo is the viewer's new list. */
export async function toggleFollow(username: string): Promise<FollowResult> {
  const data = await api.post<{ isFollowing?: unknown; subscribedTo?: unknown } | null>(
    "/api/tiktok/toggle-follow",
    { username },
    { auth: "bearer" },
  );
  const subscribedTo = Array.isArray(data?.subscribedTo)
    ? data.subscribedTo.filter((name): name is string => typeof name === "string")
    : null;
  const isFollowing =
    typeof data?.isFollowing === "boolean" ? data.isFollowing : (subscribedTo?.includes(username) ?? false);
  return { isFollowing, subscribedTo };
}

export interface ReportOutcome {
  removed: boolean;
  message: string | null;
}

function messageOf(data: unknown): string | null {
  if (typeof data !== "object" || data === null || !("message" in data)) return null;
  return typeof data.message === "string" && data.message.trim() ? data.message : null;
}

/** A viewer's report (bearer when signed in, the creator's username in the body): the server's message is shown. */
export async function reportVideo(video: Pick<Video, "videoId" | "username">): Promise<ReportOutcome> {
  try {
    const data = await api.post<{ success?: unknown; message?: unknown } | null>(
      "/api/tiktok/videos/user-report",
      { videoId: video.videoId, username: video.username },
      { auth: "bearer" },
    );
    const succeeded = data?.success === true;
    return { removed: succeeded, message: messageOf(data) ?? (succeeded ? null : REPORT_FAILED_MESSAGE) };
  } catch (error) {
    console.error("Video report failed", error);
    return { removed: false, message: REPORT_FAILED_MESSAGE };
  }
}

/** An admin's report marks the video unavailable at once. */
export async function markVideoUnavailable(videoId: string): Promise<ReportOutcome> {
  try {
    const data = await api.post<{ success?: unknown } | null>(
      "/api/tiktok/videos/report-unavailable",
      { videoId },
      { auth: "bearer" },
    );
    if (data?.success === false) return { removed: false, message: messageOf(data) ?? ADMIN_REPORT_FAILED_MESSAGE };
    return { removed: true, message: ADMIN_REPORT_SUCCESS_MESSAGE };
  } catch (error) {
    console.error("Marking the video unavailable failed", error);
    if (error instanceof ApiError) return { removed: false, message: serverMessage(error, ADMIN_REPORT_FAILED_MESSAGE) };
    return { removed: false, message: NETWORK_ERROR_MESSAGE };
  }
}
