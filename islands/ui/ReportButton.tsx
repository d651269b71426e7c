import { useState } from "react";
import type { Video } from "../lib/api-types";
import { FlagIcon } from "./icons";
import { markVideoUnavailable, reportVideo } from "../lib/video-actions";
import { t } from "../lib/i18n";

interface Props {
  video: Pick<Video, "videoId" | "username">;
  isAdmin: boolean;
  onRemoved: (videoId: string) => void;
}

/** The red 'Report Unavailable' button over the video: an admin's report marks the video unavailable at once. */
export function ReportButton({ video, isAdmin, onRemoved }: Props) {
  const [busy, setBusy] = useState(false);

  async function report() {
    setBusy(true);
    const outcome = isAdmin ? await markVideoUnavailable(video.videoId) : await reportVideo(video);
    setBusy(false);
    if (outcome.message) window.alert(outcome.message);
    if (outcome.removed) onRemoved(video.videoId);
  }

  return (
    <button
      type="button"
      className="btn btn-danger feed-report"
      aria-busy={busy}
      disabled={busy}
      onClick={() => void report()}
    >
      <FlagIcon />
      {t("Report Unavailable")}
    </button>
  );
}
