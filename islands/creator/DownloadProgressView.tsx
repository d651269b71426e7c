import { ProgressBar } from "../ui/ProgressBar";
import { donePercent, type DownloadProgress } from "./download-progress";

/** The sidebar's bulk download progress: done over total, errors, skipped, the current video and the status. */
export function DownloadProgressView({ progress }: { progress: DownloadProgress }) {
  const percent = donePercent(progress);
  const done = progress.completed + progress.skippedCount;
  return (
    <div className="creator-download" role="status" aria-label="Download progress">
      <p className="creator-download-count">
        {done} / {progress.totalVideos} videos
      </p>
      <ProgressBar percent={percent} label="Download progress" />
      <dl className="creator-download-facts">
        <div>
          <dt>Errors</dt>
          <dd>{progress.errors}</dd>
        </div>
        <div>
          <dt>Skipped</dt>
          <dd>{progress.skippedCount}</dd>
        </div>
      </dl>
      {progress.currentVideo && <p className="creator-download-current muted">Current: {progress.currentVideo}</p>}
      <p className={`creator-download-status creator-download-${progress.status}`}>
        Status: {progress.status} ({percent}%)
      </p>
    </div>
  );
}
