import { api } from "../lib/api";
import { fetchPlaylistVideos } from "../categories/categories-api";
import { readHashtags, type HashtagEntry } from "../categories/hashtag-list";
import { playableVideos } from "../player/video";
import { readTrends, type Trend, type TrendSort } from "../watch/trends";
import type { ItemPage } from "../watch/usePagedItems";
import type { VideoPage } from "../watch/video-list";
import type { VideoOrder, VideoSort } from "../watch/video-sorts";
import type { VideoFilter } from "./video-filter";

/** Spec §9: the Following feed comes 5 videos at a time. */
export const FOLLOWING_PAGE_SIZE = 5;
export const SIDEBAR_PAGE_SIZE = 20;
export const TRENDS_FAILED = "Failed to fetch followed trends";
export const CATEGORIES_FAILED = "Failed to fetch followed categories";

/** The Following feed's sorts, in the selector's order, and their names in the API. */
export const FOLLOWING_VIDEO_SORTS: readonly VideoSort[] = [
  "shuffle",
  "mostRecent",
  "oldest",
  "mostViews",
  "trendScore",
  "mostVideos",
];
const FOLLOWING_SORT_NAMES: Partial<Record<VideoSort, string>> = { mostRecent: "newest" };

interface ListResponse {
  videos?: unknown;
  total?: unknown;
  hasMore?: unknown;
  trends?: unknown;
  hashtags?: unknown;
}

function orderQuery(order: VideoOrder): Record<string, string> {
  const sortBy = FOLLOWING_SORT_NAMES[order.sortBy] ?? order.sortBy;
  return order.sortBy === "shuffle" ? { sortBy, seed: String(order.seed) } : { sortBy };
}

/** The request for page n of the followed creators' videos under a filter (a playlist plays as it is). */
export function followingVideosUrl(filter: Exclude<VideoFilter, { kind: "playlist" }>, order: VideoOrder, page: number): string {
  const query = new URLSearchParams({
    limit: String(FOLLOWING_PAGE_SIZE),
    offset: String((page - 1) * FOLLOWING_PAGE_SIZE),
    ...orderQuery(order),
  });
  if (filter.kind === "hashtag") return `/api/tiktok/videos/following/hashtag/${encodeURIComponent(filter.hashtag)}?${query}`;
  if (filter.kind === "trend") query.set("trendFilter", filter.trend.songKey);
  return `/api/tiktok/videos/following/trends?${query}`;
}

export async function fetchFollowingVideos(filter: VideoFilter, order: VideoOrder, page: number): Promise<VideoPage> {
  if (filter.kind === "playlist") return fetchPlaylistVideos(filter.playlist._id, page);
  const data = await api.get<ListResponse | null>(followingVideosUrl(filter, order, page), { auth: "bearer" });
  return {
    videos: playableVideos(data?.videos),
    total: typeof data?.total === "number" ? data.total : 0,
    hasMore: data?.hasMore === true,
  };
}

/** Calls whose failure the lists show in their own words; the thrown message names what failed. */
async function orFail<T>(request: () => Promise<T>, message: string): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw new Error(message, { cause: error });
  }
}

export function fetchFollowingTrends(sortBy: TrendSort, page: number): Promise<ItemPage<Trend>> {
  return orFail(async () => {
    const query = new URLSearchParams({ sortBy, page: String(page), limit: String(SIDEBAR_PAGE_SIZE) });
    const data = await api.get<ListResponse | null>(`/api/tiktok/dance-trends/following/metadata?${query}`);
    return { items: readTrends(data?.trends), hasMore: data?.hasMore === true };
  }, TRENDS_FAILED);
}

export function fetchFollowingHashtags(page: number): Promise<ItemPage<HashtagEntry>> {
  return orFail(async () => {
    const query = new URLSearchParams({ page: String(page), limit: String(SIDEBAR_PAGE_SIZE) });
    const data = await api.get<ListResponse | null>(`/api/tiktok/categories/following/hashtags?${query}`, {
      auth: "bearer",
    });
    return { items: readHashtags(data?.hashtags), hasMore: data?.hasMore === true };
  }, CATEGORIES_FAILED);
}

export interface Suggestion {
  _id: string;
  username: string;
  displayName: string | null;
}

function readSuggestions(value: unknown): Suggestion[] {
  const list = Array.isArray(value) ? value : (value as { suggestions?: unknown } | null)?.suggestions;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    const entry = item as Partial<Suggestion> | null;
    if (typeof entry?.username !== "string" || !entry.username) return [];
    const displayName = typeof entry.displayName === "string" && entry.displayName ? entry.displayName : null;
    return [{ _id: String(entry._id ?? entry.username), username: entry.username, displayName }];
  });
}

/** Spec §8: a failed suggestions call is only logged and gives an empty list. */
export async function fetchSuggestions(limit: number): Promise<Suggestion[]> {
  try {
    return readSuggestions(await api.get<unknown>(`/api/tiktok/suggestions?limit=${limit}`));
  } catch (error) {
    console.error("Loading suggestions failed", error);
    return [];
  }
}

/** Follows the creators chosen in the discovery grid; answers the viewer's new list. */
export async function followCreators(usernames: readonly string[]): Promise<string[]> {
  const data = await api.post<{ subscribedTo?: unknown } | null>("/api/tiktok/follow", { followedUsers: usernames });
  const list = data?.subscribedTo;
  return Array.isArray(list) ? list.filter((name): name is string => typeof name === "string") : [...usernames];
}
