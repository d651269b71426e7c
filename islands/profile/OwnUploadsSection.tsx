import { capitalise } from "../lib/progress-format";
import { longDate, type OwnUploads } from "./profile-data";

function statusText(status: string): string {
  return status === "pending" ? "Pending review" : capitalise(status);
}

/** The owner's uploads under their profile header (the link after an upload lands here: #uploads). */
export function OwnUploadsSection({ uploads }: { uploads: OwnUploads }) {
  if (uploads.newest.length === 0) return null;
  return (
    <section id="uploads" className="card own-uploads" aria-labelledby="own-uploads-title">
      <h2 id="own-uploads-title" className="account-panel-title">
        Your Uploads
      </h2>
      <ul className="own-upload-list">
        {uploads.newest.map((upload, index) => (
          <li key={index} className="own-upload">
            <div className="own-upload-text">
              <p className="own-upload-title">{upload.title}</p>
              <p className="muted own-upload-meta">
                <span className="own-upload-file">{upload.fileName}</span> · Uploaded {longDate(upload.uploadedAt)}
              </p>
            </div>
            <span className="status-badge status-yellow">{statusText(upload.status)}</span>
          </li>
        ))}
      </ul>
      {uploads.total > uploads.newest.length && (
        <p className="muted own-upload-more">
          The newest {uploads.newest.length} of your {uploads.total} uploads.
        </p>
      )}
    </section>
  );
}
