import type { ReportStats } from "../lib/api-types";
import { capitalise } from "../lib/progress-format";

export const REPORT_STATUSES = ["pending", "reviewed", "approved", "rejected"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export type ReportFilter = "all" | ReportStatus;

export const REPORT_FILTERS: readonly ReportFilter[] = ["all", ...REPORT_STATUSES];
export const DEFAULT_REPORT_FILTER: ReportFilter = "pending";

export type BadgeTone = "yellow" | "blue" | "green" | "red" | "neutral";

const STATUS_TONES: Record<ReportStatus, BadgeTone> = {
  pending: "yellow",
  reviewed: "blue",
  approved: "green",
  rejected: "red",
};

/** The report call's status is any string: one this page does not know gets no colour of its own. */
export function isReportStatus(value: unknown): value is ReportStatus {
  return typeof value === "string" && (REPORT_STATUSES as readonly string[]).includes(value);
}

/** Spec §4: pending yellow, reviewed blue, approved green, rejected red; anything else neutral. */
export function statusTone(status: string): BadgeTone {
  return isReportStatus(status) ? STATUS_TONES[status] : "neutral";
}

export interface ReviewAction {
  status: Exclude<ReportStatus, "pending">;
  label: string;
  buttonClass: string;
}

/** The review dialog's buttons, in the spec's order. */
export const REVIEW_ACTIONS: readonly ReviewAction[] = [
  { status: "rejected", label: "Reject", buttonClass: "btn btn-ghost" },
  { status: "reviewed", label: "Mark Reviewed", buttonClass: "btn btn-info" },
  { status: "approved", label: "Approve & Remove Video", buttonClass: "btn btn-danger" },
];

export const UPDATE_REPORT_FAILED = "Failed to update report status";

export function reviewSuccessMessage(status: ReportStatus): string {
  return `Report ${status} successfully!`;
}

export interface ReportStatsItem {
  label: string;
  value: number;
  tone: BadgeTone;
}

/** The stats line: total, each status with its badge colour, and the last 7 days. */
export function reportStatsItems(stats: ReportStats): ReportStatsItem[] {
  return [
    { label: "Total", value: stats.totalReports, tone: "neutral" },
    ...REPORT_STATUSES.map((status) => ({
      label: capitalise(status),
      value: stats.statusBreakdown[status],
      tone: STATUS_TONES[status],
    })),
    { label: "Last 7 days", value: stats.recentReports, tone: "neutral" },
  ];
}
