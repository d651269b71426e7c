import { ProgressBar } from "../ui/ProgressBar";
import { donePercent, type DownloadProgress, type DownloadStatus } from "./download-progress";
import { t } from "../lib/i18n";

function statusName(status: DownloadStatus): string {
  const names: Record<DownloadStatus, string> = {
    starting: t("starting"),
    downloading: t("downloading"),
    completed: t("completed"),
    error: t("error"),
  };
  return names[status];
}

/**
 * The sidebar's bulk download progress: done over total, errors, skipped, the current video and the status, then why
 * the videos that failed did.
 */
export function DownloadProgressView({ progress }: { progress: DownloadProgress }) {
  const percent = donePercent(progress);
  const done = progress.completed + progress.skippedCount;
  return (
    <div className="creator-download" role="status" aria-label={t("Download progress")}>
      <p className="creator-download-count">{t("{done} / {total} videos", { done, total: progress.totalVideos })}</p>
      <ProgressBar percent={percent} label={t("Download progress")} />
      <dl className="creator-download-facts">
        <div>
          <dt>{t("Errors")}</dt>
          <dd>{progress.errors}</dd>
        </div>
        <div>
          <dt>{t("Skipped")}</dt>
          <dd>{progress.skippedCount}</dd>
        </div>
      </dl>
      {progress.currentVideo && (
        <p className="creator-download-current muted">{t("Current: {video}", { video: progress.currentVideo })}</p>
      )}
      <p className={`creator-download-status creator-download-${progress.status}`}>
        {t("Status: {status} ({percent}%)", { status: statusName(progress.status), percent })}
      </p>
      {progress.error && <p className="creator-download-reason">{progress.error}</p>}
    </div>
  );
}
