import { useCallback, useEffect } from "react";
import { serverMessage } from "../lib/api";
import { showToast } from "../lib/toast";
import { usePolledJob } from "../lib/usePolledJob";
import { fetchActiveDownload, fetchDownloadProgress, startCreatorDownload } from "./admin-api";
import { DOWNLOAD_CLEAR_MS, DOWNLOAD_POLL_MS, type DownloadProgress } from "./download-progress";
import { t } from "../lib/i18n";


export interface CreatorDownload {
  /** The download's progress while it runs and for 10 s after it ends; null when there is none to show. */
  progress: DownloadProgress | null;
  /** From the click (or a download found running on opening the page) until it ends: Download All and Delete wait. */
  downloading: boolean;
  downloadAll: () => Promise<void>;
}

/** Spec §4 "Bulk download": start, poll every 2 s until completed or error, clear 10 s later; resume on load. */
export function useCreatorDownload(username: string, enabled: boolean): CreatorDownload {
  const job = usePolledJob<string, DownloadProgress>({
    read: fetchDownloadProgress,
    outcome: ({ status }) => (status === "completed" ? "done" : status === "error" ? "failed" : "running"),
    everyMs: DOWNLOAD_POLL_MS,
    clearAfterMs: { done: DOWNLOAD_CLEAR_MS, failed: DOWNLOAD_CLEAR_MS },
    onAnswer: (progress) => {
      if (progress.status === "error") showToast(progress.error ?? t("Downloading the videos failed"));
    },
    onError: (error, during) => {
      const message = during === "start" ? t("Failed to start downloading the videos") : t("Failed to read the download progress");
      console.error(message, error);
      showToast(serverMessage(error, message));
    },
  });
  const { resume, start } = job;

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    fetchActiveDownload(username).then(
      (active) => live && active && resume({ id: active.progressId, latest: active.progress }),
      (error: unknown) => console.error("Reading the active download failed", error),
    );
    return () => {
      live = false;
    };
  }, [username, enabled, resume]);

  const downloadAll = useCallback(
    () =>
      start(async () => {
        const started = await startCreatorDownload(username);
        return { id: started.progressId, latest: started.progress };
      }),
    [username, start],
  );

  // A download that could not start or be read is dropped at once; one that reported its own error stays 10 s.
  return { progress: job.error === null ? job.latest : null, downloading: job.busy, downloadAll };
}
