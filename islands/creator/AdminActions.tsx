import { useState } from "react";
import { ApiError, serverMessage } from "../lib/api";
import { goTo } from "../lib/navigation";
import { deleteCreator } from "./admin-api";
import { AdminButtons } from "./AdminButtons";
import { DownloadProgressView } from "./DownloadProgressView";
import { useCreatorDownload } from "./useCreatorDownload";
import { t } from "../lib/i18n";

export function deleteQuestion(username: string): string {
  return t(
    "Are you sure you want to delete @{username}? This action cannot be undone and will also remove all associated videos.",
    { username },
  );
}

interface Props {
  username: string;
  /** The player setting showDownloadButtons: 'Download All' shows only when it is on. */
  showDownloads: boolean;
}

/** The admin's 'Download All' (with its progress) and Delete, in the creator card. */
export function AdminActions({ username, showDownloads }: Props) {
  const download = useCreatorDownload(username, showDownloads);
  const [deleting, setDeleting] = useState(false);
  const { progress } = download;

  async function onDelete() {
    if (!window.confirm(deleteQuestion(username))) return;
    setDeleting(true);
    try {
      await deleteCreator(username);
      window.alert(t("@{username} has been deleted successfully!", { username }));
      goTo("/");
    } catch (error) {
      console.error("Deleting the username failed", error);
      window.alert(
        error instanceof ApiError
          ? t("Failed to delete username: {reason}", { reason: serverMessage(error, error.message) })
          : t("Error deleting username"),
      );
      setDeleting(false);
    }
  }

  return (
    <AdminButtons
      showDownloads={showDownloads}
      onDownloadAll={() => void download.downloadAll()}
      onDelete={() => void onDelete()}
      downloading={download.downloading}
      deleting={deleting}
    >
      {showDownloads && progress && <DownloadProgressView progress={progress} />}
    </AdminButtons>
  );
}
