import {
  fetchHdStatus,
  HD_FAILURE_MS,
  hdLabel,
  HD_POLL_MS,
  HD_SUCCESS_MS,
  startHdDownload,
  type HdState,
  type HdStatus,
} from "../lib/hd-download";
import { goTo } from "../lib/navigation";
import { showToast } from "../lib/toast";
import { usePolledJob, type JobStatus } from "../lib/usePolledJob";
import type { Video } from "../lib/api-types";
import { t } from "../lib/i18n";

const HD_STATES: Readonly<Record<JobStatus, HdState>> = {
  idle: "idle",
  starting: "downloading",
  running: "downloading",
  done: "downloaded",
  failed: "failed",
};

/** The admin's 'HD' download (spec §2 "Share and download"): HD, 'Downloading...', 'Downloaded!' or 'Failed'. */
export function HdDownloadButton({ video }: { video: Pick<Video, "videoUrl"> }) {
  const download = usePolledJob<number, HdStatus>({
    read: fetchHdStatus,
    outcome: (status) => (status.state === "pending" ? "running" : status.state === "finished" ? "done" : "failed"),
    everyMs: HD_POLL_MS,
    clearAfterMs: { done: HD_SUCCESS_MS, failed: HD_FAILURE_MS },
    onAnswer: (status) => {
      if (status.state === "finished") goTo(status.fileUrl);
      // The button itself only says 'Failed' (spec), so the server's reason goes in a toast.
      if (status.state === "failed" && status.error) showToast(status.error);
    },
    onError: (error) => console.error("The HD download failed", error),
  });
  const state = HD_STATES[download.status];

  return (
    <button
      type="button"
      className={`btn btn-ghost feed-hd feed-hd-${state}`}
      disabled={state !== "idle"}
      title={t("Download in HD")}
      onClick={() => void download.start(async () => ({ id: await startHdDownload(video.videoUrl) }))}
    >
      <span aria-live="polite">{hdLabel(state)}</span>
    </button>
  );
}
