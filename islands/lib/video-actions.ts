import { api, ApiError, serverMessage, translateServerText } from "./api";
import type { Answer, Video } from "./api-types";
import { networkErrorMessage } from "./toast";
import { t } from "./i18n";


/** Follows or stops following a creator; the answer's subscribedTo is the viewer's new list. */
export function toggleFollow(username: string): Promise<Answer<"FollowToggled">> {
  return api.post<Answer<"FollowToggled">>("/api/tiktok/toggle-follow", { username }, { auth: "bearer" });
}

export interface ReportOutcome {
  removed: boolean;
  message: string | null;
}

/** The server's message, unless it is blank. */
function messageOf(data: { message: string }): string | null {
  return data.message.trim() ? translateServerText(data.message) : null;
}

/** A viewer's report (bearer when signed in, the creator's username in the body): the server's message is shown. */
export async function reportVideo(video: Pick<Video, "videoId" | "username">): Promise<ReportOutcome> {
  try {
    const data = await api.post<Answer<"ReportAnswer">>(
      "/api/tiktok/videos/user-report",
      { videoId: video.videoId, username: video.username },
      { auth: "bearer" },
    );
    const succeeded = data.success === true;
    return { removed: succeeded, message: messageOf(data) ?? (succeeded ? null : t("Failed to report video. Please try again.")) };
  } catch (error) {
    console.error("Video report failed", error);
    return { removed: false, message: t("Failed to report video. Please try again.") };
  }
}

/** An admin's report marks the video unavailable at once. */
export async function markVideoUnavailable(videoId: string): Promise<ReportOutcome> {
  try {
    const data = await api.post<Answer<"Message">>("/api/tiktok/videos/report-unavailable", { videoId }, { auth: "bearer" });
    if (data.success === false) return { removed: false, message: messageOf(data) ?? t("Failed to report video") };
    return { removed: true, message: t("Video marked as unavailable") };
  } catch (error) {
    console.error("Marking the video unavailable failed", error);
    if (error instanceof ApiError) return { removed: false, message: serverMessage(error, t("Failed to report video")) };
    return { removed: false, message: networkErrorMessage() };
  }
}
