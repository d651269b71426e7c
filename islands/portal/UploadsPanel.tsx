import { useState } from "react";
import type { Upload } from "../lib/api-types";
import { FormMessage, type FormOutcome } from "../ui/FormMessage";
import { TrashIcon } from "../ui/icons";
import { capitalise, formatBytes } from "../lib/progress-format";
import { formatDateTime } from "./format";
import { ListStatus } from "./ListStatus";
import { Pager } from "./Pager";
import { PortalSection } from "./PortalSection";
import { deleteUpload, fetchUploads, uploadFileUrl } from "./portal-api";
import { usePagedResource } from "../lib/useResource";

const DELETE_FAILED = "Failed to delete the upload";

function deleteConfirmation(upload: Upload): string {
  return `Delete the upload "${upload.title}"? The video file is removed too and this cannot be undone.`;
}

function UploadRow({ upload, busy, onDelete }: { upload: Upload; busy: boolean; onDelete: () => void }) {
  const details = [
    formatBytes(upload.sizeBytes),
    formatDateTime(upload.createdAt),
    upload.category && capitalise(upload.category),
    capitalise(upload.visibility),
  ].filter(Boolean);
  return (
    <li className="inbox-row">
      <div className="inbox-main">
        <p className="inbox-title">{upload.title}</p>
        <p className="portal-muted inbox-meta">
          <span className="inbox-file">{upload.originalName}</span> · {details.join(" · ")}
        </p>
        {upload.tags && <p className="portal-muted inbox-meta">Tags: {upload.tags}</p>}
      </div>
      <div className="inbox-actions">
        <a className="btn btn-ghost btn-small" href={uploadFileUrl(upload._id)} download aria-label={`Download ${upload.title}`}>
          Download
        </a>
        <button
          type="button"
          className="btn btn-danger btn-small"
          aria-label={`Delete ${upload.title}`}
          disabled={busy}
          onClick={onDelete}
        >
          <TrashIcon />
          {busy ? "Deleting..." : "Delete"}
        </button>
      </div>
    </li>
  );
}

/** Videos people uploaded for review, newest first, to download or delete. */
export function UploadsPanel() {
  const uploads = usePagedResource("Failed to load uploads", fetchUploads);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const list = uploads.data?.uploads ?? [];

  async function remove(upload: Upload) {
    if (deleting || !window.confirm(deleteConfirmation(upload))) return;
    setDeleting(upload._id);
    setOutcome(null);
    try {
      await deleteUpload(upload._id);
      uploads.reload();
    } catch (error) {
      console.error(DELETE_FAILED, error);
      setOutcome({ tone: "error", text: DELETE_FAILED });
    } finally {
      setDeleting(null);
    }
  }

  return (
    <PortalSection title="Uploads" description="Videos uploaded for review, newest first.">
      <FormMessage outcome={outcome} />
      <ListStatus
        loading={uploads.loading && !uploads.data}
        failed={uploads.error !== null}
        empty={list.length === 0}
        loadingText="Loading uploads..."
        failedText="Could not load the uploads."
        emptyText="No uploads yet."
      />
      {list.length > 0 && (
        <ul className="inbox-list" aria-label="Uploads" aria-busy={uploads.loading}>
          {list.map((upload) => (
            <UploadRow key={upload._id} upload={upload} busy={deleting === upload._id} onDelete={() => void remove(upload)} />
          ))}
        </ul>
      )}
      <Pager
        page={uploads.page}
        pages={uploads.data?.totalPages ?? 0}
        label="Upload pages"
        disabled={uploads.loading}
        onPage={uploads.setPage}
      />
    </PortalSection>
  );
}
