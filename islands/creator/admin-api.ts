import { api, ApiError } from "../lib/api";
import { readDownloadProgress, type DownloadProgress } from "./download-progress";

type Json = Record<string, unknown>;

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
  const data = await api.post<Json | null>(
    `/api/download-user-videos/${userPath(username)}`,
    { skipExisting: true },
    { auth: "bearer" },
  );
  if (data?.success === false || typeof data?.progressId !== "string") {
    throw new ApiError("The download did not start", 200, data);
  }
  const counts = { totalVideos: data.totalVideos, skippedCount: data.skippedCount };
  return { progressId: data.progressId, progress: readDownloadProgress({ ...STARTING, ...counts }) ?? STARTING };
}

export async function fetchDownloadProgress(progressId: string): Promise<DownloadProgress | null> {
  const data = await api.get<Json | null>(`/api/download-progress/${encodeURIComponent(progressId)}`, {
    auth: "bearer",
  });
  return readDownloadProgress(data?.progress);
}

/** The creator's download under way, if any (resumed on load). */
export async function fetchActiveDownload(username: string): Promise<StartedDownload | null> {
  const data = await api.get<Json | null>(`/api/active-downloads/${userPath(username)}`, { auth: "bearer" });
  const active = data?.activeDownload;
  const progress = readDownloadProgress(active);
  const progressId = typeof active === "object" && active !== null && "progressId" in active ? active.progressId : null;
  return progress && typeof progressId === "string" ? { progressId, progress } : null;
}

/** DELETE /api/tiktok/usernames/{username}: the creator and all their videos. */
export async function deleteCreator(username: string): Promise<void> {
  await api.delete(`/api/tiktok/usernames/${userPath(username)}`, { headers: { "Content-Type": "application/json" } });
}
