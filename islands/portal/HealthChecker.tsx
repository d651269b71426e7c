import { useCallback, useEffect, useState } from "react";
import type { HealthStatus } from "../lib/api-types";
import { translateServerText } from "../lib/api";
import { ProgressBar } from "../ui/ProgressBar";
import { formatNumber } from "./format";
import {
  HEALTH_CHECKS,
  HEALTH_MESSAGES,
  jobProgress,
  hasTotal,
  metadataTiers,
  summaryCounts,
} from "./health";
import { PortalSection } from "./PortalSection";
import { fetchHealthStatus, resetMetadataCounts } from "./portal-api";
import { useHealthCheckJob, type HealthCheckResult } from "./useHealthCheckJob";
import { t } from "../lib/i18n";

type StatusRequest = "check" | "reset";

const STATUS_REQUESTS = {
  check: {
    load: () => fetchHealthStatus(),
    get failure() {
      return HEALTH_MESSAGES.statusFailed;
    },
  },
  reset: {
    load: resetMetadataCounts,
    get failure() {
      return HEALTH_MESSAGES.resetFailed;
    },
  },
};

function StatusCounts({ status }: { status: HealthStatus }) {
  const counts: ReadonlyArray<readonly [string, number]> = [
    [t("Total"), status.total],
    [t("Active"), status.active],
    [t("Inactive"), status.inactive],
    [t("With metadata"), status.withMetadata],
    [t("Without metadata"), status.withoutMetadata],
  ];
  const tiers = metadataTiers(status);
  return (
    <>
      <dl className="health-counts">
        {counts.map(([label, value]) => (
          <div key={label} className="health-count">
            <dt>{label}</dt>
            <dd>{formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
      <div className="tier-bar" aria-hidden="true">
        {tiers
          .filter((tier) => tier.count > 0)
          .map((tier) => (
            <span key={tier.key} className={`tier-segment tier-${tier.key}`} style={{ flexGrow: tier.count }} />
          ))}
      </div>
      <ul className="tier-legend" aria-label={t("Videos by metadata")}>
        {tiers.map((tier) => (
          <li key={tier.key}>
            <span className={`tier-dot tier-${tier.key}`} aria-hidden="true" />
            {tier.label} <strong>{formatNumber(tier.count)}</strong> <span className="portal-muted">({formatNumber(tier.percent)}%)</span>
          </li>
        ))}
      </ul>
    </>
  );
}

interface StatusButtonProps {
  kind: StatusRequest;
  pending: StatusRequest | null;
  label: string;
  busyLabel: string;
  onClick: (kind: StatusRequest) => void;
}

function StatusButton({ kind, pending, label, busyLabel, onClick }: StatusButtonProps) {
  return (
    <button type="button" className="btn btn-ghost btn-small" disabled={pending !== null} onClick={() => onClick(kind)}>
      {pending === kind ? busyLabel : label}
    </button>
  );
}

const OUTCOME_ALERTS = { success: "alert-success", warning: "alert-warning", failure: "alert-error" } as const;

function CheckResult({ result }: { result: HealthCheckResult }) {
  return (
    <div className={`alert ${OUTCOME_ALERTS[result.outcome]} health-result`} role="status" data-outcome={result.outcome}>
      <p className="health-result-title">{t(result.message)}</p>
      <ul className="health-result-counts">
        {summaryCounts(result.summary).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {result.danceTrendsUpdate && <p>{translateServerText(result.danceTrendsUpdate)}</p>}
    </div>
  );
}

/** Spec §2 'Enhanced Video Health Checker': activity and metadata counts, and the two checks with live progress. */
export function HealthChecker({ onCatalogChanged }: { onCatalogChanged: () => void }) {
  const [status, setStatus] = useState<HealthStatus | null>(null);
  const [statusError, setStatusError] = useState<string | null>(null);
  const [pending, setPending] = useState<StatusRequest | null>("check");

  const loadStatus = useCallback(async (kind: StatusRequest) => {
    const request = STATUS_REQUESTS[kind];
    setPending(kind);
    setStatusError(null);
    try {
      const fresh = await request.load();
      if (hasTotal(fresh)) setStatus(fresh);
      else {
        console.error(HEALTH_MESSAGES.invalidData);
        setStatusError(HEALTH_MESSAGES.invalidData);
      }
    } catch (error) {
      console.error(request.failure, error);
      setStatusError(request.failure);
    } finally {
      setPending(null);
    }
  }, []);

  useEffect(() => {
    void loadStatus("check");
  }, [loadStatus]);

  const run = useHealthCheckJob(() => {
    void loadStatus("check");
    onCatalogChanged();
  });
  const running = run.starting || run.job !== null;
  const progress = run.job ? jobProgress(run.job) : null;

  return (
    <PortalSection
      title={t("Enhanced Video Health Checker")}
      description={t("Checks that videos still play on TikTok and fills in missing metadata.")}
      actions={
        <>
          <StatusButton kind="check" pending={pending} onClick={loadStatus} label={t("Refresh Status")} busyLabel={t("Checking...")} />
          <StatusButton kind="reset" pending={pending} onClick={loadStatus} label={t("Reset Counts")} busyLabel={t("Resetting...")} />
        </>
      }
    >
      {statusError && (
        <div className="alert alert-error" role="alert">
          {statusError}
        </div>
      )}
      {status ? (
        <StatusCounts status={status} />
      ) : (
        pending && (
          <div className="loading-state loading-compact" role="status">
            <span className="spinner" aria-hidden="true" />
            {t("Loading video health...")}
          </div>
        )
      )}
      <div className="portal-actions health-actions">
        {HEALTH_CHECKS.map((check) => (
          <button
            key={check.batchSize}
            type="button"
            className={check.batchSize === 50 ? "btn btn-primary" : "btn btn-ghost"}
            disabled={running}
            onClick={() => void run.start(check.batchSize)}
          >
            {check.label}
          </button>
        ))}
      </div>
      {progress && (
        <div className="health-progress" aria-live="polite">
          <p className="portal-muted">{progress.text}</p>
          <ProgressBar percent={progress.percent} label={t("Health check progress")} />
        </div>
      )}
      {run.failure && (
        <div className="alert alert-error" role="alert">
          {run.failure}
        </div>
      )}
      {run.result && <CheckResult result={run.result} />}
    </PortalSection>
  );
}
