import type { ExtractionResult } from "../lib/api-types";
import { translateServerText } from "../lib/api";
import { ExtractedVideoList } from "./ExtractedVideoList";
import { t } from "../lib/i18n";

export const BOT_DETECTION_NOTE =
  "Video extraction failed due to TikTok bot detection. The profile can still be added, and videos can be extracted later...";

interface Props {
  result: ExtractionResult;
  confirming: boolean;
  extracting: boolean;
  onExtract: () => void;
  onCancel: () => void;
  onConfirm: () => void;
  onTryAgain: () => void;
}

/**
 * 'Profile Preview Results': badge, actions, profile, statistics, message and the extracted videos. After bot
 * detection the note says the profile can still be added, so Confirm stays offered beside Try Again.
 */
export function PreviewResults({ result, confirming, extracting, onExtract, onCancel, onConfirm, onTryAgain }: Props) {
  const none = result.videosExtracted === 0;
  const busy = confirming || extracting;
  return (
    <section className="card add-profile-panel" aria-labelledby="add-profile-results-title">
      <div className="add-profile-panel-head">
        <h2 id="add-profile-results-title" className="add-profile-panel-title">
          {t("Profile Preview Results")}
        </h2>
        <span className={`badge ${result.success ? "badge-success" : "badge-danger"}`}>
          {result.success ? t("Success") : t("Failed")}
        </span>
      </div>

      {none && (
        <div className="add-profile-box">
          <h3 className="add-profile-subtitle">{t("Actions")}</h3>
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={onExtract}>
            {t("Extract Videos")}
          </button>
        </div>
      )}

      <div className="add-profile-box">
        <h3 className="add-profile-subtitle">{t("Profile Information")}</h3>
        <dl className="add-profile-facts">
          <div>
            <dt>{t("Username")}</dt>
            <dd>@{result.username}</dd>
          </div>
          <div>
            <dt>{t("Display Name")}</dt>
            <dd>{result.displayName || result.username}</dd>
          </div>
        </dl>
      </div>

      <div className="add-profile-box">
        <h3 className="add-profile-subtitle">{t("Video Statistics")}</h3>
        <dl className="add-profile-facts">
          <div>
            <dt>{t("Videos Found")}</dt>
            <dd>{result.videosExtracted}</dd>
          </div>
          <div>
            <dt>{t("Valid Videos")}</dt>
            <dd>{result.videosProcessed}</dd>
          </div>
        </dl>
        {none && (
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={onExtract}>
            {t("Run Extraction")}
          </button>
        )}
      </div>

      {result.message && result.message !== BOT_DETECTION_NOTE && <p className="add-profile-message">{translateServerText(result.message)}</p>}
      {result.suggestion && <p className="add-profile-suggestion muted">{translateServerText(result.suggestion)}</p>}
      {result.botDetected && (
        <div className="alert alert-warning" role="note">
          {t(
            "Video extraction failed due to TikTok bot detection. The profile can still be added, and videos can be extracted later...",
          )}
        </div>
      )}
      {result.details && (
        <details className="add-profile-details">
          <summary>{t("Details")}</summary>
          <pre>{result.details}</pre>
        </details>
      )}

      {result.videos.length > 0 && <ExtractedVideoList videos={result.videos} />}

      <div className="add-profile-buttons">
        <button type="button" className="btn btn-ghost" disabled={confirming} onClick={onCancel}>
          {t("Cancel")}
        </button>
        {!result.success && (
          <button type="button" className="btn btn-primary" disabled={busy} onClick={onTryAgain}>
            {t("Try Again")}
          </button>
        )}
        {(result.success || result.botDetected) && (
          <button
            type="button"
            className={result.success ? "btn btn-primary" : "btn btn-ghost"}
            disabled={busy}
            onClick={onConfirm}
          >
            {confirming ? t("Adding Profile...") : t("Confirm & Add Profile")}
          </button>
        )}
      </div>
    </section>
  );
}
