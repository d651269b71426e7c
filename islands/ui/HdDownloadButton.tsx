import { useEffect, useRef, useState } from "react";
import type { Video } from "../lib/api-types";
import { goTo } from "../lib/navigation";
import { showToast } from "../lib/toast";
import { fetchHdStatus, HD_FAILURE_MS, HD_LABELS, HD_POLL_MS, HD_SUCCESS_MS, startHdDownload, type HdState } from "../lib/hd-download";

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The admin's 'HD' download (spec §2 "Share and download"): HD, 'Downloading...', 'Downloaded!' or 'Failed'. */
export function HdDownloadButton({ video }: { video: Pick<Video, "videoUrl"> }) {
  const [state, setState] = useState<HdState>("idle");
  const live = useRef(true);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
      if (resetTimer.current) clearTimeout(resetTimer.current);
    };
  }, []);

  function settle(next: "downloaded" | "failed") {
    if (!live.current) return;
    setState(next);
    resetTimer.current = setTimeout(() => setState("idle"), next === "downloaded" ? HD_SUCCESS_MS : HD_FAILURE_MS);
  }

  async function download() {
    setState("downloading");
    try {
      const downloadId = await startHdDownload(video.videoUrl);
      while (live.current) {
        await wait(HD_POLL_MS);
        if (!live.current) return;
        const status = await fetchHdStatus(downloadId);
        if (status.state === "pending") continue;
        if (status.state === "finished") {
          goTo(status.fileUrl);
          settle("downloaded");
        } else {
          if (status.error) showToast(status.error); // why: the button itself only says 'Failed' (spec)
          settle("failed");
        }
        return;
      }
    } catch (error) {
      console.error("The HD download failed", error);
      settle("failed");
    }
  }

  return (
    <button
      type="button"
      className={`btn btn-ghost feed-hd feed-hd-${state}`}
      disabled={state !== "idle"}
      title="Download in HD"
      onClick={() => void download()}
    >
      <span aria-live="polite">{HD_LABELS[state]}</span>
    </button>
  );
}
