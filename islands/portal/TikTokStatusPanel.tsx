import { useState } from "react";
import type { TikTokStatus } from "../lib/api-types";
import { formatDateTime } from "./format";
import { startTikTokCanary } from "./portal-api";
import { PortalSection } from "./PortalSection";
import { canaryPending, canaryText, statusRows } from "./tiktok-status";
import type { Resource } from "../lib/useResource";
import { t } from "../lib/i18n";
import { translateServerText } from "../lib/api";

/** The warnings every admin sees at the top of the portal until they are fixed (a failed canary, an old yt-dlp). */
export function TikTokWarnings({ status }: { status: TikTokStatus | null }) {
  if (!status || status.warnings.length === 0) return null;
  return (
    <div className="alert alert-warning tiktok-warnings" role="alert">
      {status.warnings.map((warning) => (
        <p key={warning}>{translateServerText(warning)}</p>
      ))}
    </div>
  );
}

/** yt-dlp, settings, last successes, blocks and the daily canary, with Check Now. */
export function TikTokStatusPanel({ resource }: { resource: Resource<TikTokStatus> }) {
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const status = resource.data;
  const pending = starting || canaryPending(status?.canary ?? null);
  const { reload } = resource;

  const checkNow = async () => {
    setStarting(true);
    setFailure(null);
    try {
      await startTikTokCanary();
      reload();
    } catch (error) {
      console.error("Failed to start the TikTok check", error);
      setFailure(t("Failed to start the TikTok check. Check console for details."));
    } finally {
      setStarting(false);
    }
  };

  return (
    <PortalSection
      title="TikTok"
      description={t("The yt-dlp in use, how it is set up, when TikTok last answered, and a daily check.")}
      actions={
        <button type="button" className="btn btn-ghost btn-small" disabled={pending} onClick={() => void checkNow()}>
          {pending ? t("Checking...") : t("Check Now")}
        </button>
      }
    >
      {resource.error !== null && !status && (
        <div className="alert alert-error" role="alert">
          {t("Failed to load the TikTok status. Check console for details.")}
        </div>
      )}
      {failure && (
        <div className="alert alert-error" role="alert">
          {failure}
        </div>
      )}
      {status && (
        <>
          <dl className="tiktok-status">
            {statusRows(status).map(([label, value]) => (
              <div key={label} className="tiktok-status-row">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
            <div className="tiktok-status-row">
              <dt>{t("Daily check")}</dt>
              <dd data-ok={String(status.canary?.ok ?? "")}>
                {canaryText(status.canary)}
                {status.canary?.checkedAt && !canaryPending(status.canary) && (
                  <span className="portal-muted"> {formatDateTime(status.canary.checkedAt)}</span>
                )}
                {status.canary?.advice && !canaryPending(status.canary) && (
                  <span className="tiktok-status-advice">{status.canary.advice}</span>
                )}
              </dd>
            </div>
          </dl>
          {status.canary?.details && (
            <details className="add-profile-details">
              <summary>{t("Details")}</summary>
              <pre>{status.canary.details}</pre>
            </details>
          )}
          <p className="portal-muted">
            {t("When TikTok changes and listings fail, update yt-dlp:")} <code>{status.updateCommand}</code>
          </p>
        </>
      )}
    </PortalSection>
  );
}
