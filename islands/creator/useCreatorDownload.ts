import { useCallback, useEffect, useReducer } from "react";
import { serverMessage } from "../lib/api";
import { showToast } from "../lib/toast";
import { fetchActiveDownload, fetchDownloadProgress, startCreatorDownload } from "./admin-api";
import {
  bulkDownloadReducer,
  DOWNLOAD_CLEAR_MS,
  DOWNLOAD_POLL_MS,
  IDLE_DOWNLOAD,
  isDownloading,
  isTerminal,
  type BulkDownloadState,
} from "./download-progress";

export const START_FAILED = "Failed to start downloading the videos";
export const PROGRESS_FAILED = "Failed to read the download progress";
export const DOWNLOAD_FAILED = "Downloading the videos failed";

export interface CreatorDownload {
  state: BulkDownloadState;
  downloading: boolean;
  downloadAll: () => Promise<void>;
}

/** Spec §4 "Bulk download": start, poll every 2 s until completed or error, clear 10 s later; resume on load. */
export function useCreatorDownload(username: string, enabled: boolean): CreatorDownload {
  const [state, dispatch] = useReducer(bulkDownloadReducer, IDLE_DOWNLOAD);
  const { progressId, progress } = state;
  const terminal = progress !== null && isTerminal(progress);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    fetchActiveDownload(username).then(
      (active) => live && active && dispatch({ type: "started", ...active }),
      (error: unknown) => console.error("Reading the active download failed", error),
    );
    return () => {
      live = false;
    };
  }, [username, enabled]);

  useEffect(() => {
    if (progressId === null || terminal) return;
    const timer = setTimeout(() => {
      fetchDownloadProgress(progressId).then(
        (next) => {
          dispatch({ type: "progress", progressId, progress: next });
          if (next.status === "error") showToast(next.error ?? DOWNLOAD_FAILED);
        },
        (error: unknown) => {
          console.error(PROGRESS_FAILED, error);
          showToast(serverMessage(error, PROGRESS_FAILED));
          dispatch({ type: "failed" });
        },
      );
    }, DOWNLOAD_POLL_MS);
    return () => clearTimeout(timer);
  }, [progressId, progress, terminal]);

  useEffect(() => {
    if (!terminal) return;
    const timer = setTimeout(() => dispatch({ type: "clear" }), DOWNLOAD_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [terminal, progressId]);

  const downloadAll = useCallback(async () => {
    dispatch({ type: "start" });
    try {
      const started = await startCreatorDownload(username);
      dispatch({ type: "started", ...started });
    } catch (error) {
      console.error(START_FAILED, error);
      showToast(serverMessage(error, START_FAILED));
      dispatch({ type: "failed" });
    }
  }, [username]);

  return { state, downloading: isDownloading(state), downloadAll };
}
