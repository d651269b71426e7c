import type { Playlist } from "../lib/api-types";
import { GlobeIcon, LockIcon, TrashIcon } from "../ui/icons";
import { playlistPath } from "../lib/share";
import { ShareButton } from "../ui/ShareButton";
import { exportPath } from "./playlists-api";
import { t } from "../lib/i18n";

interface Props {
  playlist: Playlist;
  editing: boolean;
  containsVideo: boolean;
  busy: boolean;
  onTogglePublic: () => void;
  onRename: () => void;
  onDelete: () => void;
  onToggleVideo: () => void;
}

function videoCountText(count: number): string {
  return count === 1 ? t("1 video") : t("{count} videos", { count });
}

/**
 * In edit mode a public/private switch, Rename, Share for a public playlist (its page's link), the exports and a
 * delete button; otherwise Add or Remove for the open video.
 */
export function PlaylistRow({ playlist, editing, containsVideo, busy, onTogglePublic, onRename, onDelete, onToggleVideo }: Props) {
  const { name, isPublic } = playlist;
  return (
    <li className="playlist-row" aria-busy={busy}>
      <div className="playlist-info">
        <span className="playlist-name">{name}</span>
        <span className="playlist-meta">
          {isPublic ? <GlobeIcon /> : <LockIcon />}
          {isPublic ? t("Public") : t("Private")} · {videoCountText(playlist.videoCount)}
        </span>
      </div>
      {editing ? (
        <div className="playlist-edit-actions">
          <button
            type="button"
            role="switch"
            className="btn btn-ghost playlist-public-switch"
            aria-checked={isPublic}
            aria-label={t("Public: {name}", { name })}
            disabled={busy}
            onClick={onTogglePublic}
          >
            <span className="switch-track" aria-hidden="true" />
            {t("Public")}
          </button>
          <button
            type="button"
            className="btn btn-ghost playlist-rename"
            aria-label={t("Rename {name}", { name })}
            disabled={busy}
            onClick={onRename}
          >
            {t("Rename")}
          </button>
          {isPublic ? (
            <ShareButton
              link={() => new URL(playlistPath(playlist._id), window.location.origin).href}
              name={t("Share {name}", { name })}
              className="playlist-share"
            />
          ) : null}
          <span className="playlist-exports">
            <a className="btn btn-ghost playlist-export" href={exportPath(playlist._id, "json")} download aria-label={t("Export {name} as JSON", { name })}>
              JSON
            </a>
            <a className="btn btn-ghost playlist-export" href={exportPath(playlist._id, "csv")} download aria-label={t("Export {name} as CSV", { name })}>
              CSV
            </a>
          </span>
          <button
            type="button"
            className="btn btn-ghost btn-icon playlist-delete"
            aria-label={t("Delete {name}", { name })}
            disabled={busy}
            onClick={onDelete}
          >
            <TrashIcon />
          </button>
        </div>
      ) : (
        <button
          type="button"
          className={containsVideo ? "btn btn-ghost playlist-membership" : "btn btn-primary playlist-membership"}
          aria-label={containsVideo ? t("Remove from {name}", { name }) : t("Add to {name}", { name })}
          disabled={busy}
          onClick={onToggleVideo}
        >
          {containsVideo ? t("Remove") : t("Add")}
        </button>
      )}
    </li>
  );
}
