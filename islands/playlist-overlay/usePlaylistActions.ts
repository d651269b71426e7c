import { useMemo, type Dispatch } from "react";
import type { Playlist } from "../lib/api-types";
import { addVideo, deletePlaylist, removeVideo, setPlaylistPublic } from "./playlists-api";
import type { OverlayAction } from "./playlist-state";
import { emitAppEvent } from "../lib/events";
import { t } from "../lib/i18n";


/** The overlay's requests: each marks its playlist busy, and a failure is logged and alerted with the spec's text. */
export function usePlaylistActions(videoId: string, dispatch: Dispatch<OverlayAction>) {
  return useMemo(() => {
    async function run(playlistId: string, failureAlert: string, request: () => Promise<OverlayAction>) {
      dispatch({ type: "request-started", playlistId });
      try {
        dispatch(await request());
      } catch (error) {
        console.error(failureAlert, error);
        dispatch({ type: "request-failed", playlistId });
        window.alert(failureAlert);
      }
    }

    /** The page learns of the change too: a category page playing the playlist shows its new count. */
    function announced(playlist: Playlist): Playlist {
      emitAppEvent("app:playlist-changed", { playlist });
      return playlist;
    }

    return {
      togglePublic: (playlist: Playlist) =>
        run(playlist._id, t("Error updating playlist privacy. Please try again."), async () => ({
          type: "updated",
          playlist: announced(await setPlaylistPublic(playlist._id, !playlist.isPublic)),
        })),
      remove: (playlist: Playlist) => {
        if (!window.confirm(t("Are you sure you want to delete this playlist? This action cannot be undone."))) {
          return Promise.resolve();
        }
        return run(playlist._id, t("Error deleting playlist. Please try again."), async () => {
          await deletePlaylist(playlist._id);
          return { type: "deleted", playlistId: playlist._id };
        });
      },
      toggleVideo: (playlist: Playlist, containsVideo: boolean) =>
        run(playlist._id, t("Error updating playlist. Please try again."), async () =>
          containsVideo
            ? { type: "removed", playlist: announced(await removeVideo(playlist._id, videoId)) }
            : { type: "added", playlist: announced(await addVideo(playlist._id, videoId)) },
        ),
    };
  }, [videoId, dispatch]);
}
