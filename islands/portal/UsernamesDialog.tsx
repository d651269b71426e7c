import { useEffect, useState } from "react";
import type { MonitoredCreator } from "../lib/api-types";
import { Dialog } from "../ui/Dialog";
import { FormMessage, type FormOutcome } from "../ui/FormMessage";
import { SearchIcon, TrashIcon } from "../ui/icons";
import { formatNumber } from "./format";
import { Pager } from "./Pager";
import { deleteUsername, fetchUsernames } from "./portal-api";
import {
  deleteUsernameConfirmation,
  deleteUsernameTitle,
  deleteUsernameFailure,
  usernameDeletedMessage,
} from "./usernames";
import { announceCatalogChange } from "../lib/events";
import { useResource } from "../lib/useResource";
import { t } from "../lib/i18n";

const FILTER_DEBOUNCE_MS = 300;
const FILTER_MAX_LENGTH = 100;

function UsernameRow({ entry, busy, onDelete }: { entry: MonitoredCreator; busy: boolean; onDelete: () => void }) {
  return (
    <li className="username-row">
      <div className="username-text">
        <a className="username-handle" href={`/user/${encodeURIComponent(entry.username)}`}>
          @{entry.username}
        </a>
        {entry.displayName && <span className="portal-muted">{entry.displayName}</span>}
      </div>
      <span className="portal-muted username-videos">
        {entry.videoCount === 1
          ? t("{count} video", { count: formatNumber(entry.videoCount) })
          : t("{count} videos", { count: formatNumber(entry.videoCount) })}
      </span>
      {!entry.isActive && <span className="status-badge status-neutral">{t("Inactive")}</span>}
      <button
        type="button"
        className="btn btn-danger btn-small"
        title={deleteUsernameTitle()}
        aria-label={t("Delete @{username}", { username: entry.username })}
        disabled={busy}
        onClick={onDelete}
      >
        <TrashIcon />
        {busy ? t("Deleting...") : t("Delete")}
      </button>
    </li>
  );
}

/**
 * The monitored usernames, a page at a time and filtered as typed, each deletable with all its videos (then the
 * page's counts of the catalog catch up).
 */
export function UsernamesDialog({ onClose }: { onClose: () => void }) {
  const [page, setPage] = useState(1);
  const [filterText, setFilterText] = useState("");
  const [filter, setFilter] = useState("");
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const usernames = useResource(
    "Failed to load monitored usernames",
    (signal) => fetchUsernames(page, filter, signal),
    [page, filter],
  );
  const listed = usernames.data?.usernames ?? [];
  const entries = listed.filter((entry) => !deleted.has(entry.username));

  useEffect(() => {
    const typed = filterText.trim();
    if (typed === filter) return;
    const timer = setTimeout(() => {
      setFilter(typed);
      setPage(1);
    }, FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [filterText, filter]);

  async function remove(username: string) {
    if (deleting || !window.confirm(deleteUsernameConfirmation(username))) return;
    setDeleting(username);
    setOutcome(null);
    try {
      await deleteUsername(username);
      setDeleted((previous) => new Set(previous).add(username));
      setOutcome({ tone: "success", text: usernameDeletedMessage(username) });
      announceCatalogChange();
    } catch (error) {
      console.error("Deleting a username failed", error);
      setOutcome({ tone: "error", text: deleteUsernameFailure(error) });
    } finally {
      setDeleting(null);
    }
  }

  // Deleted entries leave this page at once; a page loaded later no longer counts them.
  const total = usernames.data ? usernames.data.total - (listed.length - entries.length) : null;
  return (
    <Dialog title={t("Monitored Usernames")} onClose={onClose} className="usernames-dialog">
      {total !== null && (
        <p className="modal-subtitle">
          {filter
            ? t("{count} matching", { count: formatNumber(total) })
            : t("{count} monitored", { count: formatNumber(total) })}
        </p>
      )}
      <div className="search-box username-filter">
        <SearchIcon />
        <input
          type="search"
          className="input search-input"
          aria-label={t("Filter usernames")}
          placeholder={t("Filter by username or name...")}
          maxLength={FILTER_MAX_LENGTH}
          autoComplete="off"
          value={filterText}
          onChange={(event) => setFilterText(event.target.value)}
        />
      </div>
      <FormMessage outcome={outcome} />
      {usernames.loading && !usernames.data ? (
        <div className="loading-state loading-compact" role="status">
          <span className="spinner" aria-hidden="true" />
          {t("Loading usernames...")}
        </div>
      ) : usernames.error !== null ? (
        <div className="alert alert-error" role="alert">
          {t("Could not load the monitored usernames.")}
        </div>
      ) : entries.length === 0 && filter ? (
        <div className="portal-empty">
          <p className="empty-title">{t("No usernames match “{filter}”", { filter })}</p>
          <p className="portal-muted">{t("Try part of a handle or a display name.")}</p>
        </div>
      ) : entries.length === 0 ? (
        <div className="portal-empty">
          <p className="empty-title">{t("No monitored usernames")}</p>
          <p className="portal-muted">{t("Add TikTok usernames to start monitoring them.")}</p>
        </div>
      ) : (
        <ul className="username-list">
          {entries.map((entry) => (
            <UsernameRow
              key={entry.username}
              entry={entry}
              busy={deleting === entry.username}
              onDelete={() => void remove(entry.username)}
            />
          ))}
        </ul>
      )}
      <Pager page={page} pages={usernames.data?.totalPages ?? 0} label={t("Monitored username pages")} onPage={setPage} />
      <div className="portal-actions dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t("Close")}
        </button>
      </div>
    </Dialog>
  );
}
