import type { CreatorDownloadProgress } from "../lib/api-types";

/** Spec §9: bulk download progress is polled every 2 s and cleared 10 s after a terminal state. */
export const DOWNLOAD_POLL_MS = 2_000;
export const DOWNLOAD_CLEAR_MS = 10_000;

export type DownloadStatus = CreatorDownloadProgress["status"];

export interface DownloadProgress {
  totalVideos: number;
  completed: number;
  errors: number;
  skippedCount: number;
  status: DownloadStatus;
  currentVideo: string | null;
  error: string | null;
}

type ServerProgress = Omit<CreatorDownloadProgress, "progressId" | "username">;

/** A server progress (download-progress's `progress`, active-downloads' `activeDownload`); an empty text counts as
 * none. */
export function readDownloadProgress(progress: ServerProgress): DownloadProgress {
  return {
    totalVideos: progress.totalVideos,
    completed: progress.completed,
    errors: progress.errors,
    skippedCount: progress.skippedCount,
    status: progress.status,
    currentVideo: progress.currentVideo || null,
    error: progress.error || null,
  };
}

export function isTerminal(progress: DownloadProgress): boolean {
  return progress.status === "completed" || progress.status === "error";
}

/** Completed plus skipped, as a share of the total (0–100). */
export function donePercent(progress: DownloadProgress): number {
  if (progress.totalVideos === 0) return isTerminal(progress) ? 100 : 0;
  const done = progress.completed + progress.skippedCount;
  return Math.min(Math.round((100 * done) / progress.totalVideos), 100);
}
