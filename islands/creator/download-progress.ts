/** Spec §9: bulk download progress is polled every 2 s and cleared 10 s after a terminal state. */
export const DOWNLOAD_POLL_MS = 2_000;
export const DOWNLOAD_CLEAR_MS = 10_000;

export type DownloadStatus = "starting" | "downloading" | "completed" | "error";

export interface DownloadProgress {
  totalVideos: number;
  completed: number;
  errors: number;
  skippedCount: number;
  status: DownloadStatus;
  currentVideo: string | null;
  error: string | null;
}

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const count = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) ? Math.max(value, 0) : 0);
const text = (value: unknown): string | null => (typeof value === "string" && value ? value : null);

function readStatus(value: unknown): DownloadStatus {
  return value === "completed" || value === "error" || value === "starting" ? value : "downloading";
}

/** A server progress object (download-progress's `progress`, active-downloads' `activeDownload`), or null. */
export function readDownloadProgress(value: unknown): DownloadProgress | null {
  if (!isRecord(value)) return null;
  return {
    totalVideos: count(value.totalVideos),
    completed: count(value.completed),
    errors: count(value.errors),
    skippedCount: count(value.skippedCount),
    status: readStatus(value.status),
    currentVideo: text(value.currentVideo),
    error: text(value.error),
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

export interface BulkDownloadState {
  progressId: string | null;
  progress: DownloadProgress | null;
  /** True from the click until the server answers with a progress id. */
  starting: boolean;
}

export const IDLE_DOWNLOAD: BulkDownloadState = { progressId: null, progress: null, starting: false };

export type BulkDownloadAction =
  | { type: "start" }
  | { type: "started"; progressId: string; progress: DownloadProgress }
  | { type: "progress"; progressId: string; progress: DownloadProgress }
  | { type: "failed" }
  | { type: "clear" };

export function bulkDownloadReducer(state: BulkDownloadState, action: BulkDownloadAction): BulkDownloadState {
  switch (action.type) {
    case "start":
      return { progressId: null, progress: null, starting: true };
    case "started":
      return { progressId: action.progressId, progress: action.progress, starting: false };
    case "progress":
      // A late answer for a download that was cleared or replaced is ignored.
      return action.progressId === state.progressId ? { ...state, progress: action.progress } : state;
    case "failed":
    case "clear":
      return IDLE_DOWNLOAD;
  }
}

/** Whether a download is under way (Download All stays disabled). */
export function isDownloading(state: BulkDownloadState): boolean {
  return state.starting || (state.progress !== null && !isTerminal(state.progress));
}
