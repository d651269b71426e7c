import { useCallback, useEffect, useState } from "react";
import type { VideoReport } from "../lib/api-types";
import { FormMessage, type FormOutcome } from "../ui/FormMessage";
import { formatDateTime, formatNumber } from "./format";
import { ListStatus } from "./ListStatus";
import { Pager } from "./Pager";
import { PortalSection } from "./PortalSection";
import { fetchReports, fetchReportStats } from "./portal-api";
import { ReportReviewDialog } from "./ReportReviewDialog";
import {
  DEFAULT_REPORT_FILTER,
  REPORT_FILTERS,
  reportStatsItems,
  statusName,
  type ReportFilter,
  type ReportStatus,
} from "./reports";
import { StatusBadge } from "./StatusBadge";
import { announceCatalogChange } from "../lib/events";
import { useResource } from "../lib/useResource";
import { t } from "../lib/i18n";
import { translateServerText } from "../lib/api";

function ReportRow({ report, onReview }: { report: VideoReport; onReview: () => void }) {
  return (
    <li className="report-row">
      <div className="report-main">
        <p className="report-title">
          <a href={`/user/${encodeURIComponent(report.username)}`}>@{report.username}</a>
          <code className="report-video-id">{report.videoId}</code>
        </p>
        <p className="report-reason">{translateServerText(report.reason)}</p>
      </div>
      <div className="report-meta">
        <StatusBadge status={report.status} />
        <span className="portal-muted">{formatDateTime(report.createdAt)}</span>
        <span className="portal-muted report-reporter">{report.reportedBy?.username ?? report.reportedByIp ?? t("Visitor")}</span>
      </div>
      <button type="button" className="btn btn-ghost btn-small" onClick={onReview} aria-haspopup="dialog">
        {t("Review")}
      </button>
    </li>
  );
}

/**
 * Spec §2 'Video Reports Management': filter by status (pending first), 20 per page, review in a dialog. Approving
 * removes the video, a change to the catalog the page's counts catch up with.
 */
export function ReportsPanel() {
  const [filter, setFilter] = useState<ReportFilter>(DEFAULT_REPORT_FILTER);
  const [page, setPage] = useState(1);
  const [reviewing, setReviewing] = useState<VideoReport | null>(null);
  const [notice, setNotice] = useState<FormOutcome | null>(null);
  const reports = useResource("Failed to load video reports", (signal) => fetchReports(filter, page, signal), [filter, page]);
  const stats = useResource("Failed to load report stats", fetchReportStats, []);

  // Stable, because the dialog re-arms its Escape and focus handling whenever onClose changes.
  const closeReview = useCallback(() => setReviewing(null), []);

  function choose(next: ReportFilter) {
    setFilter(next);
    setPage(1);
    setNotice(null);
  }

  function reviewed(status: ReportStatus, message: string) {
    setReviewing(null);
    setNotice({ tone: "success", text: message });
    reports.reload();
    stats.reload();
    if (status === "approved") announceCatalogChange();
  }

  const list = reports.data?.reports ?? [];
  const pages = reports.data?.pagination.pages ?? 0;

  // A review can empty the last page; step back to the new last one.
  useEffect(() => {
    if (reports.data && page > Math.max(pages, 1)) setPage(Math.max(pages, 1));
  }, [reports.data, page, pages]);

  return (
    <PortalSection
      title={t("Video Reports Management")}
      description={t("Reports from viewers about videos that no longer play.")}
      className="reports-section"
    >
      {stats.data && (
        <ul className="report-stats" aria-label={t("Report stats")}>
          {reportStatsItems(stats.data).map((item) => (
            <li key={item.label} className={`report-stat status-${item.tone}`}>
              {item.label} <strong>{formatNumber(item.value)}</strong>
            </li>
          ))}
        </ul>
      )}
      <div className="segmented" role="group" aria-label={t("Filter reports by status")}>
        {REPORT_FILTERS.map((option) => (
          <button
            key={option}
            type="button"
            className="segmented-option"
            aria-pressed={filter === option}
            onClick={() => choose(option)}
          >
            {statusName(option)}
          </button>
        ))}
      </div>
      <FormMessage outcome={notice} />
      <ListStatus
        loading={reports.loading && !reports.data}
        failed={reports.error !== null}
        empty={list.length === 0}
        loadingText={t("Loading reports...")}
        failedText={t("Could not load the reports.")}
        emptyText={t("No reports found for the selected filter.")}
      />
      {list.length > 0 && (
        <ul className="report-list" aria-label={t("Video reports")} aria-busy={reports.loading}>
          {list.map((report) => (
            <ReportRow key={report._id} report={report} onReview={() => setReviewing(report)} />
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} label={t("Video report pages")} disabled={reports.loading} onPage={setPage} />
      {reviewing && <ReportReviewDialog report={reviewing} onClose={closeReview} onReviewed={reviewed} />}
    </PortalSection>
  );
}
