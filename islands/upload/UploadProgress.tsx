import { formatBytes, progressPercent } from "../lib/progress-format";
import { ProgressBar } from "../ui/ProgressBar";
import { uploadStatusText } from "./upload-rules";
import { t } from "../lib/i18n";

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
      <ProgressBar percent={percent} label={t("Upload progress")} />
      <p className="portal-muted">
        {complete
          ? t("Taking you back to the home page...")
          : waitingForServer
            ? t("Finishing up...")
            : total > 0
              ? t("{sent} of {total}", { sent: formatBytes(sent), total: formatBytes(total) })
              : t("Starting...")}
      </p>
      {!complete && (
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t("Cancel Upload")}
        </button>
      )}
    </section>
  );
}
