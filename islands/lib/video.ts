import type { Video } from "./api-types";
import { t } from "./i18n";

const MIN_VIDEO_ID_LENGTH = 6;

/** Spec §5: ids that are missing, '0', blank or 5 characters or fewer are discarded. */
export function isPlayableVideoId(videoId: unknown): videoId is string {
  if (typeof videoId !== "string") return false;
  const trimmed = videoId.trim();
  return trimmed !== "" && trimmed !== "0" && trimmed.length >= MIN_VIDEO_ID_LENGTH;
}

/** Spec §5: the videos of an answer that can be played; one whose id is unusable is dropped. */
export function playableVideos(videos: readonly Video[]): Video[] {
  return videos.filter((video) => isPlayableVideoId(video.videoId));
}

/** The longer of title and description, else 'No description available'. */
export function videoDescription(video: Pick<Video, "title" | "description" | "metadata">): string {
  const title = video.title?.trim() ?? "";
  const description = (video.description ?? video.metadata.description ?? "").trim();
  const longer = description.length > title.length ? description : title;
  return longer || t("No description available");
}
