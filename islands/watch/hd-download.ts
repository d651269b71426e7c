import { api } from "../lib/api";

/** Spec §9: the HD button polls every 2 s; 'Downloaded!' shows 2 s, 'Failed' 3 s. */
export const HD_POLL_MS = 2_000;
export const HD_SUCCESS_MS = 2_000;
export const HD_FAILURE_MS = 3_000;

export type HdState = "idle" | "downloading" | "downloaded" | "failed";

export const HD_LABELS: Readonly<Record<HdState, string>> = {
  idle: "HD",
  downloading: "Downloading...",
  downloaded: "Downloaded!",
  failed: "Failed",
};

type Json = Record<string, unknown>;

export type HdStatus =
  | { state: "pending" }
  | { state: "finished"; fileUrl: string }
  /** `error`: why, in the server's words for an admin (what TikTok said, and what to do), when it says. */
  | { state: "failed"; error?: string };

/** Reads GET /api/download-status/{downloadId}. */
export function readHdStatus(data: unknown): HdStatus {
  const record = typeof data === "object" && data !== null ? (data as Json) : {};
  if (record.status === "failed") {
    return typeof record.error === "string" && record.error ? { state: "failed", error: record.error } : { state: "failed" };
  }
  if (record.status === "finished") {
    return typeof record.fileUrl === "string" ? { state: "finished", fileUrl: record.fileUrl } : { state: "failed" };
  }
  return { state: "pending" };
}

/** POST /api/download-tiktok: queues the download of one video; answers its id. */
export async function startHdDownload(videoUrl: string): Promise<number> {
  const data = await api.post<Json | null>(
    "/api/download-tiktok",
    { url: videoUrl, addToSite: false, tags: [], ageVerified: false },
    { auth: "bearer" },
  );
  if (typeof data?.downloadId !== "number") throw new Error("The download did not start");
  return data.downloadId;
}

export async function fetchHdStatus(downloadId: number): Promise<HdStatus> {
  return readHdStatus(await api.get<unknown>(`/api/download-status/${downloadId}`, { auth: "bearer" }));
}
