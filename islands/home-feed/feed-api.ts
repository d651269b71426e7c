import { api, ApiError } from "../lib/api";
import type { Answer, Video } from "../lib/api-types";
import { playableVideos } from "../lib/video";
import { pageCount } from "./feed-state";


// Spec §7: the random feed is requested with `Cache-Control: max-age=120`.
const RANDOM_FEED_HEADERS = { "Cache-Control": "max-age=120" };

export interface FeedPage {
  videos: Video[];
  totalTrends: number | null;
}

/** Page n of the random feed (5·n distinct random trends); an empty or unsuccessful answer is an empty page. */
export async function fetchRandomPage(page: number): Promise<FeedPage> {
  const data = await api.get<Answer<"RandomVideos">>(`/api/tiktok/random-video?count=${pageCount(page)}`, {
    headers: RANDOM_FEED_HEADERS,
  });
  const videos = data.success ? playableVideos(data.videos) : [];
  if (videos.length === 0) console.error("No random videos found");
  return { videos, totalTrends: data.totalTrends };
}

export function isRateLimited(error: unknown): boolean {
  return error instanceof ApiError && error.status === 429;
}
