import { api } from "./api";
import type { Answer, DownloadState } from "./api-types";
import { t } from "./i18n";

/** Spec §9: the HD button polls every 2 s; 'Downloaded!' shows 2 s, 'Failed' 3 s. */
export const HD_POLL_MS = 2_000;
export const HD_SUCCESS_MS = 2_000;
export const HD_FAILURE_MS = 3_000;

export type HdState = "idle" | "downloading" | "downloaded" | "failed";

/** The button's text in each state. */
export function hdLabel(state: HdState): string {
  const labels: Record<HdState, string> = {
    idle: "HD",
    downloading: t("Downloading..."),
    downloaded: t("Downloaded!"),
    failed: t("Failed"),
  };
  return labels[state];
}

export type HdStatus =
  | { state: "pending" }
  | { state: "finished"; fileUrl: string }
  /** `error`: why, in the server's words for an admin (what TikTok said, and what to do), when it says. */
  | { state: "failed"; error?: string };

type HdAnswer = Pick<DownloadState, "status" | "fileUrl" | "error">;

/** Reads GET /api/download-status/{downloadId}: its status is any string, and a finished one without a file failed. */
export function readHdStatus({ status, fileUrl, error }: HdAnswer): HdStatus {
  if (status === "failed") return error ? { state: "failed", error } : { state: "failed" };
  if (status === "finished") return fileUrl !== null ? { state: "finished", fileUrl } : { state: "failed" };
  return { state: "pending" };
}

/** POST /api/download-tiktok: queues the download of one video; answers its id. */
export async function startHdDownload(videoUrl: string): Promise<number> {
  const data = await api.post<Answer<"QueuedDownload">>(
    "/api/download-tiktok",
    { url: videoUrl, addToSite: false, tags: [], ageVerified: false },
    { auth: "bearer" },
  );
  return data.downloadId;
}

export async function fetchHdStatus(downloadId: number): Promise<HdStatus> {
  return readHdStatus(await api.get<DownloadState>(`/api/download-status/${downloadId}`, { auth: "bearer" }));
}
