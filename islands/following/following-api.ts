import { api } from "../lib/api";
import { fetchPlaylistVideos } from "../lib/categories-api";
import type { Answer, CreatorRef, Hashtag, Trend } from "../lib/api-types";
import { playableVideos } from "../lib/video";
import type { TrendSort } from "../lib/trends";
import type { ItemPage } from "../lib/usePagedItems";
import type { VideoPage } from "../lib/video-list";
import type { VideoOrder, VideoSort } from "../lib/video-sorts";
import type { VideoFilter } from "../lib/video-filter";

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
  const data = await api.get<Answer<"VideoPage">>(followingVideosUrl(filter, order, page), { auth: "bearer" });
  return { videos: playableVideos(data.videos), total: data.total, hasMore: data.hasMore };
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
    const data = await api.get<Answer<"TrendPage">>(`/api/tiktok/dance-trends/following/metadata?${query}`);
    return { items: data.trends, hasMore: data.hasMore };
  }, TRENDS_FAILED);
}

export function fetchFollowingHashtags(page: number): Promise<ItemPage<Hashtag>> {
  return orFail(async () => {
    const query = new URLSearchParams({ page: String(page), limit: String(SIDEBAR_PAGE_SIZE) });
    const data = await api.get<Answer<"HashtagPage">>(`/api/tiktok/categories/following/hashtags?${query}`, {
      auth: "bearer",
    });
    return { items: data.hashtags, hasMore: data.hasMore };
  }, CATEGORIES_FAILED);
}

/** Spec §7: the suggestions call may answer an array or `{suggestions}`; an empty display name counts as none. */
function suggestionsIn(answer: Answer<"Suggestions"> | CreatorRef[]): CreatorRef[] {
  const list = Array.isArray(answer) ? answer : answer.suggestions;
  return list.map((creator) => ({ ...creator, displayName: creator.displayName || null }));
}

/** Spec §8: a failed suggestions call is only logged and gives an empty list. */
export async function fetchSuggestions(limit: number): Promise<CreatorRef[]> {
  try {
    return suggestionsIn(await api.get<Answer<"Suggestions"> | CreatorRef[]>(`/api/tiktok/suggestions?limit=${limit}`));
  } catch (error) {
    console.error("Loading suggestions failed", error);
    return [];
  }
}

/** Follows the creators chosen in the discovery grid; answers the viewer's new list. */
export async function followCreators(usernames: readonly string[]): Promise<string[]> {
  const data = await api.post<Answer<"Followed">>("/api/tiktok/follow", { followedUsers: usernames });
  return data.subscribedTo;
}
