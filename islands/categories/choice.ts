import type { Playlist, Video } from "../lib/api-types";
import { normaliseHashtag } from "../lib/share";
import type { VideoSource } from "../lib/useVideoList";
import type { Resume, VideoPage } from "../lib/video-list";
import { NEWEST_FIRST, type VideoOrder } from "../lib/video-sorts";
import { fetchHashtagVideos, fetchPlaylistVideos } from "../lib/categories-api";

/** The category on stage: a hashtag in a video order, or a public playlist; a linked video plays first, and a
 * linked playlist starts with the page of videos the server sent with it. Forward to a category resumes it at the
 * video it was left on. */
export type CategoryChoice = (
  | { kind: "hashtag"; hashtag: string; order: VideoOrder; lead: Video | null }
  | { kind: "playlist"; playlist: Playlist; lead: null; firstPage?: VideoPage }
) & { resume?: Resume };

/** A hashtag choice, or null for an empty label (spec §5: a hashtag filter with an empty label fetches nothing). */
export function hashtagChoice(label: string, lead: Video | null = null, order: VideoOrder = NEWEST_FIRST): CategoryChoice | null {
  const hashtag = normaliseHashtag(label);
  return hashtag ? { kind: "hashtag", hashtag, order, lead } : null;
}

export function choiceHashtag(choice: CategoryChoice | null): string | null {
  return choice?.kind === "hashtag" ? choice.hashtag : null;
}

export function categoryVideos(choice: CategoryChoice): VideoSource {
  if (choice.kind === "playlist") {
    const { _id } = choice.playlist;
    return {
      key: `playlist:${_id}`,
      fetchPage: (page) => fetchPlaylistVideos(_id, page),
      lead: null,
      resume: choice.resume,
      firstPage: choice.firstPage,
    };
  }
  const { hashtag, order, lead } = choice;
  return {
    key: `hashtag:${hashtag}|${order.sortBy}|${order.seed}`,
    fetchPage: (page) => fetchHashtagVideos(hashtag, order, page),
    lead,
    resume: choice.resume,
  };
}
