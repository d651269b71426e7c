import { api, ApiError, serverMessage } from "./api";
import type { Answer, Video } from "./api-types";

export const REPORT_FAILED_MESSAGE = "Failed to report video. Please try again.";
export const ADMIN_REPORT_SUCCESS_MESSAGE = "Video marked as unavailable";
export const ADMIN_REPORT_FAILED_MESSAGE = "Failed to report video";
export const NETWORK_ERROR_MESSAGE = "Network error occurred";

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
  return data.message.trim() ? data.message : null;
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
    return { removed: succeeded, message: messageOf(data) ?? (succeeded ? null : REPORT_FAILED_MESSAGE) };
  } catch (error) {
    console.error("Video report failed", error);
    return { removed: false, message: REPORT_FAILED_MESSAGE };
  }
}

/** An admin's report marks the video unavailable at once. */
export async function markVideoUnavailable(videoId: string): Promise<ReportOutcome> {
  try {
    const data = await api.post<Answer<"Message">>("/api/tiktok/videos/report-unavailable", { videoId }, { auth: "bearer" });
    if (data.success === false) return { removed: false, message: messageOf(data) ?? ADMIN_REPORT_FAILED_MESSAGE };
    return { removed: true, message: ADMIN_REPORT_SUCCESS_MESSAGE };
  } catch (error) {
    console.error("Marking the video unavailable failed", error);
    if (error instanceof ApiError) return { removed: false, message: serverMessage(error, ADMIN_REPORT_FAILED_MESSAGE) };
    return { removed: false, message: NETWORK_ERROR_MESSAGE };
  }
}
