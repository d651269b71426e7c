import { capitalise } from "../lib/progress-format";
import { longDate, type OwnUploads } from "./profile-data";
import { t } from "../lib/i18n";

const STATUS_TEXTS: Record<string, () => string> = {
  pending: () => t("Pending review"),
  approved: () => t("Approved"),
  rejected: () => t("Rejected"),
};

function statusText(status: string): string {
  return STATUS_TEXTS[status]?.() ?? capitalise(status);
}

/** The owner's uploads under their profile header (the link after an upload lands here: #uploads). */
export function OwnUploadsSection({ uploads }: { uploads: OwnUploads }) {
  if (uploads.newest.length === 0) return null;
  return (
    <section id="uploads" className="card own-uploads" aria-labelledby="own-uploads-title">
      <h2 id="own-uploads-title" className="account-panel-title">
        {t("Your Uploads")}
      </h2>
      <ul className="own-upload-list">
        {uploads.newest.map((upload, index) => (
          <li key={index} className="own-upload">
            <div className="own-upload-text">
              <p className="own-upload-title">{upload.title}</p>
              <p className="muted own-upload-meta">
                <span className="own-upload-file">{upload.fileName}</span> · {t("Uploaded {date}", { date: longDate(upload.uploadedAt) })}
              </p>
            </div>
            <span className="status-badge status-yellow">{statusText(upload.status)}</span>
          </li>
        ))}
      </ul>
      {uploads.total > uploads.newest.length && (
        <p className="muted own-upload-more">
          {t("The newest {shown} of your {total} uploads.", { shown: uploads.newest.length, total: uploads.total })}
        </p>
      )}
    </section>
  );
}
