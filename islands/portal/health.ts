import type { HealthCheck, HealthCheckSummary, HealthStatus } from "../lib/api-types";
import { progressPercent } from "../lib/progress-format";
import { formatNumber } from "./format";
import { t } from "../lib/i18n";

/** How a finished check went: every check answered, some did not, or (nearly) none did. */
export type HealthCheckOutcome = NonNullable<HealthCheck["outcome"]>;

export const HEALTH_CHECK_POLL_MS = 2000;

/** Read when shown, so each is in the page's language. */
export const HEALTH_MESSAGES = {
  get completed() {
    return t("Enhanced health check completed!");
  },
  get failed() {
    return t("Enhanced health check failed. Check console for details.");
  },
  get statusFailed() {
    return t("Failed to check metadata status. Check console for details.");
  },
  get resetFailed() {
    return t("Failed to reset metadata counts. Check console for details.");
  },
  get statusRefreshed() {
    return t("Video health status refreshed!");
  },
  get countsRecalculated() {
    return t("Metadata counts recalculated!");
  },
  get invalidData() {
    return t("Error: API returned invalid data. Check server console for details.");
  },
};

/** Spec §8: an answer without its total (not the server's declared answer: say, a proxy's) is invalid data. */
export function hasTotal(status: HealthStatus | null | undefined): status is HealthStatus {
  return typeof status?.total === "number";
}

/** The two checks the portal offers (spec §2): a quick one and the metadata backfill. */
export const HEALTH_CHECKS = [
  {
    batchSize: 50,
    get label() {
      return t("Get/Check Latest 50 Videos");
    },
  },
  {
    batchSize: 500,
    get label() {
      return t("Extract Missing Metadata (500 videos - Basic & None only)");
    },
  },
] as const;

export type HealthCheckBatchSize = (typeof HEALTH_CHECKS)[number]["batchSize"];

export interface MetadataTier {
  key: "complete" | "partial" | "basic" | "none";
  label: string;
  count: number;
  /** Share of all videos, one decimal. */
  percent: number;
}

function shareOf(count: number, total: number): number {
  return total > 0 ? Math.round((1000 * count) / total) / 10 : 0;
}

/** The metadata tiers of spec §4 from richest to poorest, each with its share of all videos. */
export function metadataTiers(status: HealthStatus): MetadataTier[] {
  const tiers: Array<Omit<MetadataTier, "percent">> = [
    { key: "complete", label: t("Complete"), count: status.completeMetadata },
    { key: "partial", label: t("Partial"), count: status.partialMetadata },
    { key: "basic", label: t("Basic"), count: status.basicMetadata },
    { key: "none", label: t("None"), count: status.noMetadata },
  ];
  return tiers.map((tier) => ({ ...tier, percent: shareOf(tier.count, status.total) }));
}

function summaryLabels(): ReadonlyArray<readonly [Exclude<keyof HealthCheckSummary, "stoppedEarly">, string]> {
  return [
    ["total", t("Checked")],
    ["successful", t("Successful")],
    ["failed", t("Failed")],
    ["available", t("Available")],
    ["unavailable", t("Unavailable")],
    ["metadataExtracted", t("Metadata extracted")],
    ["rateLimited", t("Rate limited")],
    ["blocked", t("Blocked")],
    ["networkErrors", t("Network errors")],
    ["unknownErrors", t("Unknown errors")],
  ];
}

/** 'Checked: 50', 'Successful: 48', … for each count of a health check result. */
export function summaryCounts(summary: Partial<HealthCheckSummary> | null | undefined): string[] {
  return summaryLabels().map(([field, label]) => `${label}: ${formatNumber(summary?.[field] ?? 0)}`);
}

export function isFinished(job: Pick<HealthCheck, "status">): boolean {
  return job.status === "finished" || job.status === "failed";
}

/** The live progress of a running check: 'Checked 12 of 50' and its percentage. */
export function jobProgress(job: Pick<HealthCheck, "progress" | "status">): { text: string; percent: number } {
  const checked = job.progress.checked ?? 0;
  const total = job.progress.total ?? 0;
  if (job.status === "queued") return { text: t("Waiting for a worker..."), percent: 0 };
  if (total === 0) return { text: t("Starting..."), percent: 0 };
  return {
    text: t("Checked {checked} of {total}", { checked: formatNumber(checked), total: formatNumber(total) }),
    percent: progressPercent(checked, total),
  };
}
