import type { Hashtag, Playlist, Trend } from "./api-types";
import { normaliseHashtag } from "./share";

/** Which videos play: all of them, or one trend, hashtag or playlist; the choices exclude each other. */
export type VideoFilter =
  | { kind: "all" }
  | { kind: "trend"; trend: Trend }
  | { kind: "hashtag"; hashtag: string; count: number | null }
  | { kind: "playlist"; playlist: Playlist };

export const ALL_VIDEOS: VideoFilter = { kind: "all" };

export function trendFilter(trend: Trend): VideoFilter {
  return { kind: "trend", trend };
}

/** A hashtag filter, or null for an empty label (spec §5: a hashtag filter with an empty label fetches nothing). */
export function hashtagFilter(entry: Pick<Hashtag, "hashtag" | "count">): VideoFilter | null {
  const hashtag = normaliseHashtag(entry.hashtag);
  return hashtag ? { kind: "hashtag", hashtag, count: entry.count } : null;
}

export function playlistFilter(playlist: Playlist): VideoFilter {
  return { kind: "playlist", playlist };
}

/** What names the chosen trend, hashtag or playlist: its song key, hashtag or id; null for all videos. */
export function filterId(filter: VideoFilter): string | null {
  switch (filter.kind) {
    case "all":
      return null;
    case "trend":
      return filter.trend.songKey;
    case "hashtag":
      return filter.hashtag;
    case "playlist":
      return filter.playlist._id;
  }
}

/** A stable name for the filter, for list keys and the first-page cache. */
export function filterKey(filter: VideoFilter): string {
  return filter.kind === "all" ? "all" : `${filter.kind}:${filterId(filter)}`;
}

/** What the filter is called on screen. */
export function filterLabel(filter: VideoFilter): string | null {
  switch (filter.kind) {
    case "all":
      return null;
    case "trend":
      return filter.trend.track || filter.trend.artist;
    case "hashtag":
      return `#${filter.hashtag}`;
    case "playlist":
      return filter.playlist.name;
  }
}

export function selectedSongKey(filter: VideoFilter): string | null {
  return filter.kind === "trend" ? filter.trend.songKey : null;
}

export function selectedHashtag(filter: VideoFilter): string | null {
  return filter.kind === "hashtag" ? filter.hashtag : null;
}

export function selectedPlaylistId(filter: VideoFilter): string | null {
  return filter.kind === "playlist" ? filter.playlist._id : null;
}
