import { fetchPublicPlaylists } from "../lib/categories-api";
import type { VideoSource } from "../lib/useVideoList";
import type { VideoOrder } from "../lib/video-sorts";
import { withFirstPageCache } from "./feed-cache";
import { fetchFollowingHashtags, fetchFollowingTrends, fetchFollowingVideos } from "./following-api";
import type { ChannelSources } from "../ui/useChannelFilters";
import { filterKey, type VideoFilter } from "../lib/video-filter";

/** The viewer's followed creators as one string: a follow toggle changes it, which starts the feed over. */
export function followedFingerprint(followed: readonly string[]): string {
  return followed.map((name) => name.toLowerCase()).sort().join(",");
}

export function followingSources(followed: string): ChannelSources {
  return {
    scope: `following|${followed}`,
    fetchTrends: fetchFollowingTrends,
    fetchHashtags: fetchFollowingHashtags,
    fetchPlaylists: fetchPublicPlaylists,
  };
}

/** The feed under a filter and order: 5 at a time, page 1 kept per user, order and filter for 300 s. */
export function followingVideos(filter: VideoFilter, order: VideoOrder, username: string, followed: string): VideoSource {
  const cacheKey = { username, order: `${order.sortBy}:${order.seed}`, filter: filterKey(filter) };
  return {
    key: `${followed}|${cacheKey.order}|${cacheKey.filter}`,
    fetchPage: withFirstPageCache((page) => fetchFollowingVideos(filter, order, page), cacheKey, followed),
  };
}
