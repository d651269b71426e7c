import type { Video } from "../lib/api-types";
import { isPlayableVideoId } from "../lib/video";
import type { VideoPage } from "../lib/video-list";

/** Spec §9: the Following feed's first page is kept for 300000 ms. */
export const FIRST_PAGE_TTL_MS = 300_000;
const KEY_PREFIX = "followingFirstPage:";

/** Whose feed, in which order (a shuffle's seed included) and under which filter. */
export interface FeedCacheKey {
  username: string;
  order: string;
  filter: string;
}

interface CachedPage {
  storedAt: number;
  /** The followed creators the page was built from; after a follow toggle the page is stale. */
  followed: string;
  page: VideoPage;
}

function storageKey({ username, order, filter }: FeedCacheKey): string {
  return `${KEY_PREFIX}${username}|${order}|${filter}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The stored videos that can still be played. This browser's storage is no answer of the API's: an older build,
 * or a person, may have written anything there, so each video is checked before it is trusted. */
function storedVideos(value: unknown): Video[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is Video =>
      isRecord(item) && isPlayableVideoId(item.videoId) && typeof item.username === "string" && isRecord(item.metadata),
  );
}

// Storage may be missing or throw (private mode, full quota); the feed then simply fetches every time.
function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readFirstPage(key: FeedCacheKey, followed: string, now: number = Date.now()): VideoPage | null {
  try {
    const raw = storage()?.getItem(storageKey(key));
    if (!raw) return null;
    const cached = JSON.parse(raw) as Partial<CachedPage> | null;
    if (typeof cached?.storedAt !== "number" || now - cached.storedAt >= FIRST_PAGE_TTL_MS) return null;
    if (cached.followed !== followed || !cached.page) return null;
    const { total, hasMore } = cached.page;
    return {
      videos: storedVideos(cached.page.videos),
      total: typeof total === "number" ? total : 0,
      hasMore: typeof hasMore === "boolean" ? hasMore : undefined,
    };
  } catch {
    return null;
  }
}

export function writeFirstPage(key: FeedCacheKey, followed: string, page: VideoPage, now: number = Date.now()): void {
  const entry: CachedPage = { storedAt: now, followed, page };
  try {
    storage()?.setItem(storageKey(key), JSON.stringify(entry));
  } catch {
    // Not remembered; the next visit fetches again.
  }
}

/** Page 1 from the cache when fresh, else fetched (and cached); later pages are always fetched. */
export function withFirstPageCache(
  fetchPage: (page: number) => Promise<VideoPage>,
  key: FeedCacheKey,
  followed: string,
): (page: number) => Promise<VideoPage> {
  return async (page) => {
    if (page !== 1) return fetchPage(page);
    const cached = readFirstPage(key, followed);
    if (cached) return cached;
    const fresh = await fetchPage(1);
    writeFirstPage(key, followed, fresh);
    return fresh;
  };
}
