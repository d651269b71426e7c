import { useCallback, useEffect, useReducer } from "react";
import { getAppContext } from "../lib/context";
import { onAppEvent, requestAuth, takePendingPlaylistRequest, type AuthMode } from "../lib/events";
import { Dialog } from "../ui/Dialog";
import { PlaylistManager } from "./PlaylistManager";
import { closedOverlay, overlayReducer, type OverlayAction } from "./playlist-state";
import { loadPlaylists } from "./playlists-api";
import { t } from "../lib/i18n";

function useOverlayLoading(videoId: string | null, signedIn: boolean, dispatch: (action: OverlayAction) => void) {
  useEffect(() => {
    if (!videoId || !signedIn) return;
    loadPlaylists(videoId).then(
      ({ playlists, containing }) => dispatch({ type: "loaded", videoId, playlists, containing }),
      (error: unknown) => {
        console.error("Failed to load playlists", error);
        dispatch({ type: "load-failed", videoId });
      },
    );
  }, [videoId, signedIn, dispatch]);
}

function LoginPrompt({ onChoose, onClose }: { onChoose: (mode: AuthMode) => void; onClose: () => void }) {
  return (
    <div className="playlist-login">
      <p className="muted">{t("Sign in to save videos to your playlists.")}</p>
      <div className="prompt-actions">
        <button type="button" className="btn btn-primary" onClick={() => onChoose("login")}>
          {t("Login")}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => onChoose("register")}>
          {t("Register")}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t("Close")}
        </button>
      </div>
    </div>
  );
}

/** The page's one 'Add to Playlist' dialog, opened by `app:open-playlists` ({videoId}). */
export default function PlaylistOverlay() {
  const [state, dispatch] = useReducer(overlayReducer, closedOverlay);
  const signedIn = getAppContext().user !== null;
  const close = useCallback(() => dispatch({ type: "close" }), []);

  useEffect(() => {
    const open = (videoId: unknown) => {
      if (typeof videoId === "string" && videoId) dispatch({ type: "open", videoId, loading: signedIn });
    };
    open(takePendingPlaylistRequest());
    return onAppEvent("app:open-playlists", (detail, event) => {
      event.preventDefault();
      open(detail?.videoId);
    });
  }, [signedIn]);

  useOverlayLoading(state.videoId, signedIn, dispatch);

  function chooseAuth(mode: AuthMode) {
    close();
    requestAuth(mode);
  }

  if (!state.videoId) return null;
  return (
    <Dialog title={t("Add to Playlist")} onClose={close} className="playlist-dialog">
      {signedIn ? (
        <PlaylistManager state={state} videoId={state.videoId} dispatch={dispatch} />
      ) : (
        <LoginPrompt onChoose={chooseAuth} onClose={close} />
      )}
    </Dialog>
  );
}
