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
import { t } from "../lib/i18n";

/** An upload's category or visibility as the upload form shows it: 'Music', 'Public', … */
function choiceName(value: string): string {
  const names: Record<string, string> = {
    entertainment: t("Entertainment"),
    music: t("Music"),
    gaming: t("Gaming"),
    education: t("Education"),
    sports: t("Sports"),
    technology: t("Technology"),
    travel: t("Travel"),
    food: t("Food"),
    fitness: t("Fitness"),
    art: t("Art"),
    public: t("Public"),
    unlisted: t("Unlisted"),
    private: t("Private"),
  };
  return names[value] ?? capitalise(value);
}

function deleteConfirmation(upload: Upload): string {
  return t('Delete the upload "{title}"? The video file is removed too and this cannot be undone.', { title: upload.title });
}

function UploadRow({ upload, busy, onDelete }: { upload: Upload; busy: boolean; onDelete: () => void }) {
  const details = [
    formatBytes(upload.sizeBytes),
    formatDateTime(upload.createdAt),
    upload.category && choiceName(upload.category),
    choiceName(upload.visibility),
  ].filter(Boolean);
  return (
    <li className="inbox-row">
      <div className="inbox-main">
        <p className="inbox-title">{upload.title}</p>
        <p className="portal-muted inbox-meta">
          <span className="inbox-file">{upload.originalName}</span> · {details.join(" · ")}
        </p>
        {upload.tags && <p className="portal-muted inbox-meta inbox-tags">{t("Tags: {tags}", { tags: upload.tags })}</p>}
      </div>
      <div className="inbox-actions">
        <a className="btn btn-ghost btn-small" href={uploadFileUrl(upload._id)} download aria-label={t("Download {title}", { title: upload.title })}>
          {t("Download")}
        </a>
        <button
          type="button"
          className="btn btn-danger btn-small"
          aria-label={t("Delete {title}", { title: upload.title })}
          disabled={busy}
          onClick={onDelete}
        >
          <TrashIcon />
          {busy ? t("Deleting...") : t("Delete")}
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
      console.error("Failed to delete the upload", error);
      setOutcome({ tone: "error", text: t("Failed to delete the upload") });
    } finally {
      setDeleting(null);
    }
  }

  return (
    <PortalSection title={t("Uploads")} description={t("Videos uploaded for review, newest first.")}>
      <FormMessage outcome={outcome} />
      <ListStatus
        loading={uploads.loading && !uploads.data}
        failed={uploads.error !== null}
        empty={list.length === 0}
        loadingText={t("Loading uploads...")}
        failedText={t("Could not load the uploads.")}
        emptyText={t("No uploads yet.")}
      />
      {list.length > 0 && (
        <ul className="inbox-list" aria-label={t("Uploads")} aria-busy={uploads.loading}>
          {list.map((upload) => (
            <UploadRow key={upload._id} upload={upload} busy={deleting === upload._id} onDelete={() => void remove(upload)} />
          ))}
        </ul>
      )}
      <Pager
        page={uploads.page}
        pages={uploads.data?.totalPages ?? 0}
        label={t("Upload pages")}
        disabled={uploads.loading}
        onPage={uploads.setPage}
      />
    </PortalSection>
  );
}
