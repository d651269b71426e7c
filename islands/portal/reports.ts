import type { ReportStats } from "../lib/api-types";
import { t } from "../lib/i18n";

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
  {
    status: "rejected",
    get label() {
      return t("Reject");
    },
    buttonClass: "btn btn-ghost",
  },
  {
    status: "reviewed",
    get label() {
      return t("Mark Reviewed");
    },
    buttonClass: "btn btn-info",
  },
  {
    status: "approved",
    get label() {
      return t("Approve & Remove Video");
    },
    buttonClass: "btn btn-danger",
  },
];

export function updateReportFailed(): string {
  return t("Failed to update report status");
}

/** 'Report approved successfully!' and the like, as the server says it, in the page's language. */
export function reviewSuccessMessage(status: ReportStatus): string {
  const messages: Record<ReportStatus, string> = {
    pending: t("Report pending successfully!"),
    reviewed: t("Report reviewed successfully!"),
    approved: t("Report approved successfully!"),
    rejected: t("Report rejected successfully!"),
  };
  return messages[status];
}

/** How a report status (or the filter 'all') reads: 'Pending', 'Approved', … */
export function statusName(status: string): string {
  const names: Record<ReportFilter, string> = {
    all: t("All"),
    pending: t("Pending"),
    reviewed: t("Reviewed"),
    approved: t("Approved"),
    rejected: t("Rejected"),
  };
  return status in names ? names[status as ReportFilter] : status;
}

export interface ReportStatsItem {
  label: string;
  value: number;
  tone: BadgeTone;
}

/** The stats line: total, each status with its badge colour, and the last 7 days. */
export function reportStatsItems(stats: ReportStats): ReportStatsItem[] {
  return [
    { label: t("Total"), value: stats.totalReports, tone: "neutral" },
    ...REPORT_STATUSES.map((status) => ({
      label: statusName(status),
      value: stats.statusBreakdown[status],
      tone: STATUS_TONES[status],
    })),
    { label: t("Last 7 days"), value: stats.recentReports, tone: "neutral" },
  ];
}
