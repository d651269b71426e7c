import { lazy, Suspense, useState, type Dispatch } from "react";
import { CreatePlaylistForm, EditPlaylistForm } from "./PlaylistForm";

// Importing is rare: its form loads when first opened, not with every feed page.
const ImportPlaylistForm = lazy(() => import("./ImportPlaylistForm").then((module) => ({ default: module.ImportPlaylistForm })));
import { PlaylistRow } from "./PlaylistRow";
import type { OverlayAction, OverlayState } from "./playlist-state";
import { usePlaylistActions } from "./usePlaylistActions";
import { t } from "../lib/i18n";

interface Props {
  state: OverlayState;
  videoId: string;
  dispatch: Dispatch<OverlayAction>;
}

function ListStatus({ text }: { text: string }) {
  return (
    <p className="playlist-status" role="status">
      {text}
    </p>
  );
}

/** The signed-in overlay: create toggle, edit toggle, and the list of the viewer's playlists. */
export function PlaylistManager({ state, videoId, dispatch }: Props) {
  const actions = usePlaylistActions(videoId, dispatch);
  const canEdit = state.playlists.length > 0 || state.editing;
  const [importing, setImporting] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);

  return (
    <div className="playlist-manager">
      <div className="playlist-toolbar">
        <button
          type="button"
          className="btn btn-ghost"
          aria-expanded={state.creating}
          onClick={() => dispatch({ type: "toggle-create" })}
        >
          {state.creating ? t("Cancel") : t("Create New Playlist")}
        </button>
        <button type="button" className="btn btn-ghost" aria-expanded={importing} onClick={() => setImporting(!importing)}>
          {importing ? t("Close Import") : t("Import")}
        </button>
        {canEdit ? (
          <button
            type="button"
            className="btn btn-ghost"
            aria-pressed={state.editing}
            onClick={() => {
              setRenaming(null); // Done leaves a rename unsaved; Edit again starts from the list
              dispatch({ type: "toggle-edit" });
            }}
          >
            {state.editing ? t("Done") : t("Edit")}
          </button>
        ) : null}
      </div>
      {state.creating ? (
        <CreatePlaylistForm
          onCreated={(playlist) => {
            dispatch({ type: "created", playlist });
            void actions.toggleVideo(playlist, false); // made from this video's overlay: it holds the video at once
          }}
        />
      ) : null}
      {importing ? (
        <Suspense fallback={<ListStatus text={t("Loading...")} />}>
          <ImportPlaylistForm onImported={(playlist) => dispatch({ type: "created", playlist })} />
        </Suspense>
      ) : null}
      <div className="playlist-list-area">
        {state.loading ? <ListStatus text={t("Loading playlists...")} /> : null}
        {!state.loading && state.playlists.length === 0 ? <ListStatus text={t("No playlists yet")} /> : null}
        {!state.loading && state.playlists.length > 0 ? (
          <ul className="playlist-list" aria-label={t("Your playlists")}>
            {state.playlists.map((playlist) => {
              const containsVideo = state.containing.includes(playlist._id);
              if (state.editing && renaming === playlist._id) {
                return (
                  <li key={playlist._id} className="playlist-row-editing">
                    <EditPlaylistForm
                      playlist={playlist}
                      onSaved={(saved) => {
                        dispatch({ type: "updated", playlist: saved });
                        setRenaming(null);
                      }}
                      onCancel={() => setRenaming(null)}
                    />
                  </li>
                );
              }
              return (
                <PlaylistRow
                  key={playlist._id}
                  playlist={playlist}
                  editing={state.editing}
                  containsVideo={containsVideo}
                  busy={state.busy.includes(playlist._id)}
                  onTogglePublic={() => void actions.togglePublic(playlist)}
                  onRename={() => setRenaming(playlist._id)}
                  onDelete={() => void actions.remove(playlist)}
                  onToggleVideo={() => void actions.toggleVideo(playlist, containsVideo)}
                />
              );
            })}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
