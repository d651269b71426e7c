import { api, ApiError } from "../lib/api";
import type { Answer } from "../lib/api-types";
import { readDownloadProgress, type DownloadProgress } from "./download-progress";

const userPath = (username: string) => encodeURIComponent(username);

const STARTING: DownloadProgress = {
  totalVideos: 0,
  completed: 0,
  errors: 0,
  skippedCount: 0,
  status: "starting",
  currentVideo: null,
  error: null,
};

export interface StartedDownload {
  progressId: string;
  progress: DownloadProgress;
}

/** POST /api/download-user-videos/{username}: queues every video not yet downloaded. */
export async function startCreatorDownload(username: string): Promise<StartedDownload> {
  const data = await api.post<Answer<"CreatorDownloadStarted">>(
    `/api/download-user-videos/${userPath(username)}`,
    { skipExisting: true },
    { auth: "bearer" },
  );
  if (!data.success) throw new ApiError("The download did not start", 200, data);
  const counts = { totalVideos: data.totalVideos, skippedCount: data.skippedCount };
  return { progressId: data.progressId, progress: { ...STARTING, ...counts } };
}

export async function fetchDownloadProgress(progressId: string): Promise<DownloadProgress> {
  const url = `/api/download-progress/${encodeURIComponent(progressId)}`;
  const data = await api.get<Answer<"CreatorDownloadPoll">>(url, { auth: "bearer" });
  return readDownloadProgress(data.progress);
}

/** The creator's download under way, if any (resumed on load). */
export async function fetchActiveDownload(username: string): Promise<StartedDownload | null> {
  const url = `/api/active-downloads/${userPath(username)}`;
  const data = await api.get<Answer<"ActiveDownload">>(url, { auth: "bearer" });
  const active = data.activeDownload;
  return active ? { progressId: active.progressId, progress: readDownloadProgress(active) } : null;
}

/** DELETE /api/tiktok/usernames/{username}: the creator and all their videos. */
export async function deleteCreator(username: string): Promise<void> {
  await api.delete(`/api/tiktok/usernames/${userPath(username)}`, { headers: { "Content-Type": "application/json" } });
}
