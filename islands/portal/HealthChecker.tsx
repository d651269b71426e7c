import { useCallback, useEffect, useRef, useState } from "react";
import type { HealthStatus } from "../lib/api-types";
import { serverMessage, translateServerText } from "../lib/api";
import { announceCatalogChange, onAppEvent } from "../lib/events";
import { FormMessage, type FormOutcome } from "../ui/FormMessage";
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
    get done() {
      return HEALTH_MESSAGES.statusRefreshed;
    },
    get failure() {
      return HEALTH_MESSAGES.statusFailed;
    },
  },
  reset: {
    load: resetMetadataCounts,
    get done() {
      return HEALTH_MESSAGES.countsRecalculated;
    },
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
      <p className="health-result-title">{translateServerText(result.message)}</p>
      <ul className="health-result-counts">
        {summaryCounts(result.summary).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {result.danceTrendsUpdate && <p>{translateServerText(result.danceTrendsUpdate)}</p>}
    </div>
  );
}

/**
 * Spec §2 'Enhanced Video Health Checker': activity and metadata counts, and the two checks with live progress. The
 * counts are read again whenever the catalog changes (here or elsewhere on the page); 'Refresh Status' and 'Reset
 * Counts' say how their reading went.
 */
export function HealthChecker() {
  const [status, setStatus] = useState<HealthStatus | null>(null);
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const [pending, setPending] = useState<StatusRequest | null>("check");
  const latestRead = useRef(0);

  /** Reads the counts. Asked by a click (`announce`), it says when they are read, as it always says what went wrong. */
  const loadStatus = useCallback(async (kind: StatusRequest, announce: boolean) => {
    const request = STATUS_REQUESTS[kind];
    const read = ++latestRead.current;
    setPending(kind);
    setOutcome(null);
    let fresh: HealthStatus | null = null;
    let said: FormOutcome | null = null;
    try {
      const answer = await request.load();
      if (hasTotal(answer)) {
        fresh = answer;
        if (announce) said = { tone: "success", text: request.done };
      } else {
        console.error(HEALTH_MESSAGES.invalidData);
        said = { tone: "error", text: HEALTH_MESSAGES.invalidData };
      }
    } catch (error) {
      console.error(request.failure, error);
      said = { tone: "error", text: serverMessage(error, request.failure) };
    }
    if (read !== latestRead.current) return; // a later read is under way: its answer, word and busy button stand
    if (fresh) setStatus(fresh);
    setOutcome(said);
    setPending(null);
  }, []);

  useEffect(() => {
    void loadStatus("check", false);
    return onAppEvent("app:catalog-changed", () => void loadStatus("check", false));
  }, [loadStatus]);

  const run = useHealthCheckJob(announceCatalogChange);
  const onStatusButton = (kind: StatusRequest) => void loadStatus(kind, true);
  const running = run.starting || run.job !== null;
  const progress = run.job ? jobProgress(run.job) : null;

  return (
    <PortalSection
      title={t("Enhanced Video Health Checker")}
      description={t("Checks that videos still play on TikTok and fills in missing metadata.")}
      actions={
        <>
          <StatusButton kind="check" pending={pending} onClick={onStatusButton} label={t("Refresh Status")} busyLabel={t("Checking...")} />
          <StatusButton kind="reset" pending={pending} onClick={onStatusButton} label={t("Reset Counts")} busyLabel={t("Resetting...")} />
        </>
      }
    >
      <FormMessage outcome={outcome} />
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
