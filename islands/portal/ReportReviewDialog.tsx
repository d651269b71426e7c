import { useId, useState, type ReactNode } from "react";
import type { VideoReport } from "../lib/api-types";
import { Dialog } from "../ui/Dialog";
import { FormMessage, type FormOutcome } from "../ui/FormMessage";
import { formatDateTime } from "./format";
import { updateReport } from "./portal-api";
import { REVIEW_ACTIONS, reviewSuccessMessage, updateReportFailed, type ReportStatus } from "./reports";
import { ReportedVideo } from "./ReportedVideo";
import { StatusBadge } from "./StatusBadge";
import { t } from "../lib/i18n";
import { translateServerText } from "../lib/api";

interface Props {
  report: VideoReport;
  onClose: () => void;
  onReviewed: (status: ReportStatus, message: string) => void;
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="report-detail">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Reporter({ report }: { report: VideoReport }) {
  if (!report.reportedBy) return <span className="portal-muted">{t("Visitor")}</span>;
  return (
    <>
      {report.reportedBy.username}
      <br />
      <a href={`mailto:${report.reportedBy.email}`}>{report.reportedBy.email}</a>
    </>
  );
}

/** 'Review Video Report': the video on the left, the report and the admin's decision on the right. */
export function ReportReviewDialog({ report, onClose, onReviewed }: Props) {
  const notesId = useId();
  const [notes, setNotes] = useState(report.notes ?? "");
  const [updating, setUpdating] = useState(false);
  const [failure, setFailure] = useState<FormOutcome | null>(null);

  async function decide(status: ReportStatus) {
    setUpdating(true);
    setFailure(null);
    try {
      const answer = await updateReport(report._id, status, notes);
      onReviewed(status, answer.message ? t(answer.message) : reviewSuccessMessage(status));
    } catch (error) {
      console.error("Failed to update report status", error);
      setFailure({ tone: "error", text: updateReportFailed() });
      setUpdating(false);
    }
  }

  return (
    <Dialog title={t("Review Video Report")} onClose={onClose} className="review-dialog">
      <div className="review-layout">
        <div className="review-video">
          <ReportedVideo videoId={report.videoId} />
        </div>
        <div className="review-panel">
          <h3 className="review-heading">{t("Report Details")}</h3>
          <dl className="report-details">
            <Detail term={t("Video ID")}>
              <code>{report.videoId}</code>
            </Detail>
            <Detail term={t("Username")}>@{report.username}</Detail>
            <Detail term={t("Reason")}>{translateServerText(report.reason)}</Detail>
            <Detail term={t("Status")}>
              <StatusBadge status={report.status} />
            </Detail>
            <Detail term={t("Reported")}>{formatDateTime(report.createdAt)}</Detail>
            <Detail term={t("Reported by")}>
              <Reporter report={report} />
            </Detail>
            <Detail term={t("IP")}>{report.reportedByIp || <span className="portal-muted">{t("Unknown")}</span>}</Detail>
            {report.reviewedBy && (
              <Detail term={t("Reviewed by")}>
                {report.reviewedBy.username}
                {report.reviewedAt && <span className="portal-muted"> · {formatDateTime(report.reviewedAt)}</span>}
              </Detail>
            )}
          </dl>
          <div className="field">
            <label className="field-label" htmlFor={notesId}>
              {t("Admin Notes")}
            </label>
            <textarea
              id={notesId}
              className="textarea"
              rows={4}
              maxLength={5000}
              placeholder={t("Add notes about this report...")}
              value={notes}
              onChange={(event) => setNotes(event.currentTarget.value)}
            />
          </div>
          <FormMessage outcome={failure} />
          <div className="review-actions" aria-busy={updating}>
            {REVIEW_ACTIONS.map((action) => (
              <button
                key={action.status}
                type="button"
                className={action.buttonClass}
                disabled={updating}
                onClick={() => void decide(action.status)}
              >
                {updating ? t("Updating...") : action.label}
              </button>
            ))}
          </div>
        </div>
      </div>
    </Dialog>
  );
}
