import type { ReactNode } from "react";
import { t } from "../lib/i18n";

interface Props {
  /** The player setting showDownloadButtons: 'Download All' shows only when it is on. */
  showDownloads: boolean;
  /** Left out while the actions' own code is on its way: the buttons hold their place, disabled. */
  onDownloadAll?: () => void;
  onDelete?: () => void;
  downloading?: boolean;
  deleting?: boolean;
  /** Under the buttons: the download's progress. */
  children?: ReactNode;
}

/**
 * The admin's 'Download All' and Delete in the creator card (the server draws them alike, disabled). While either
 * runs both wait: a deletion would take away the videos a download is fetching.
 */
export function AdminButtons({ showDownloads, onDownloadAll, onDelete, downloading = false, deleting = false, children }: Props) {
  const busy = downloading || deleting;
  return (
    <div className="creator-admin">
      <div className="creator-admin-buttons">
        {showDownloads && (
          <button type="button" className="btn btn-primary" disabled={!onDownloadAll || busy} onClick={onDownloadAll}>
            {t("Download All")}
          </button>
        )}
        <button type="button" className="btn btn-danger" disabled={!onDelete || busy} onClick={onDelete}>
          {t("Delete")}
        </button>
      </div>
      {children}
    </div>
  );
}
