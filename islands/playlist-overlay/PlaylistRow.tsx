import type { Playlist } from "../lib/api-types";
import { GlobeIcon, LockIcon, TrashIcon } from "../ui/icons";
import { exportPath } from "./playlists-api";

interface Props {
  playlist: Playlist;
  editing: boolean;
  containsVideo: boolean;
  busy: boolean;
  onTogglePublic: () => void;
  onDelete: () => void;
  onToggleVideo: () => void;
}

function videoCountText(count: number): string {
  return `${count} ${count === 1 ? "video" : "videos"}`;
}

/** In edit mode a public/private switch and a delete button; otherwise Add or Remove for the open video. */
export function PlaylistRow({ playlist, editing, containsVideo, busy, onTogglePublic, onDelete, onToggleVideo }: Props) {
  const { name, isPublic } = playlist;
  return (
    <li className="playlist-row" aria-busy={busy}>
      <div className="playlist-info">
        <span className="playlist-name">{name}</span>
        <span className="playlist-meta">
          {isPublic ? <GlobeIcon /> : <LockIcon />}
          {isPublic ? "Public" : "Private"} · {videoCountText(playlist.videoCount)}
        </span>
      </div>
      {editing ? (
        <div className="playlist-edit-actions">
          <button
            type="button"
            role="switch"
            className="btn btn-ghost playlist-public-switch"
            aria-checked={isPublic}
            aria-label={`Public: ${name}`}
            disabled={busy}
            onClick={onTogglePublic}
          >
            <span className="switch-track" aria-hidden="true" />
            Public
          </button>
          <a className="btn btn-ghost playlist-export" href={exportPath(playlist._id, "json")} download aria-label={`Export ${name} as JSON`}>
            JSON
          </a>
          <a className="btn btn-ghost playlist-export" href={exportPath(playlist._id, "csv")} download aria-label={`Export ${name} as CSV`}>
            CSV
          </a>
          <button
            type="button"
            className="btn btn-ghost btn-icon playlist-delete"
            aria-label={`Delete ${name}`}
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
          aria-label={containsVideo ? `Remove from ${name}` : `Add to ${name}`}
          disabled={busy}
          onClick={onToggleVideo}
        >
          {containsVideo ? "Remove" : "Add"}
        </button>
      )}
    </li>
  );
}
