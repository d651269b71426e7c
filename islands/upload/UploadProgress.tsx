import { formatBytes, progressPercent } from "../lib/progress-format";
import { ProgressBar } from "../ui/ProgressBar";
import { uploadStatusText } from "./upload-rules";

interface Props {
  sent: number;
  total: number;
  complete: boolean;
  onCancel: () => void;
}

/** The upload's live progress; 'Upload complete!' once the server has stored the video. */
export function UploadProgress({ sent, total, complete, onCancel }: Props) {
  const percent = complete ? 100 : progressPercent(sent, total);
  const waitingForServer = !complete && total > 0 && sent >= total;
  return (
    <section className="upload-progress" aria-live="polite">
      <h2 className="upload-progress-title">{uploadStatusText(complete)}</h2>
      <ProgressBar percent={percent} label="Upload progress" />
      <p className="portal-muted">
        {complete
          ? "Taking you back to the home page..."
          : waitingForServer
            ? "Finishing up..."
            : total > 0
              ? `${formatBytes(sent)} of ${formatBytes(total)}`
              : "Starting..."}
      </p>
      {!complete && (
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel Upload
        </button>
      )}
    </section>
  );
}
