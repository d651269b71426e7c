import { useEffect, useMemo, useRef, useSyncExternalStore, type RefObject } from "react";
import { getAppContext } from "../lib/context";
import { storedAudioPreferences } from "../lib/mute-preference";
import { buildPlayerUrl, currentPlayerSettings, normalisePlayerOrigin } from "../lib/player-settings";
import { browserClock } from "../lib/clock";
import { PlayerController, type PlayerState } from "../lib/player-controller";
import { PLAYER_ERROR_MESSAGES } from "../lib/player-errors";
import { t } from "../lib/i18n";
import { userHasInteracted, watchFirstInteraction } from "../lib/first-interaction";
import { readPlayerEvent } from "../lib/player-protocol";
import { isPlayableVideoId } from "../lib/video";

export interface TikTokPlayerOptions {
  /** The first video a feed shows always starts muted. */
  isFirstVideo: boolean;
}

export type TikTokPlayer =
  | {
      kind: "player";
      videoId: string;
      embedUrl: string;
      controller: PlayerController;
      state: PlayerState;
      iframeRef: RefObject<HTMLIFrameElement | null>;
    }
  | { kind: "invalid"; message: string };

const STATIC_STATE_SUBSCRIBE = () => () => {};

/** The player for one video id: its embed URL, its controller, and the controller's live state. */
export function useTikTokPlayer(videoId: string | null | undefined, { isFirstVideo }: TikTokPlayerOptions): TikTokPlayer {
  const iframeRef = useRef<HTMLIFrameElement | null>(null);
  const playableId = isPlayableVideoId(videoId) ? videoId.trim() : null;
  const { playerOrigin } = getAppContext();
  const origin = normalisePlayerOrigin(playerOrigin);
  const embedUrl = playableId && origin ? buildPlayerUrl(origin, playableId, currentPlayerSettings()) : null;

  // A new controller per video and embed URL: isFirstVideo matters only when a video starts.
  const controller = useMemo(
    () =>
      embedUrl
        ? new PlayerController({
            post: (message) => iframeRef.current?.contentWindow?.postMessage(message, origin ?? ""),
            clock: browserClock,
            preferences: storedAudioPreferences,
            isFirstVideo,
            userHasInteracted,
          })
        : null,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new isFirstVideo alone must not reload the video
    [embedUrl, origin],
  );

  useEffect(() => {
    if (!controller || !origin) return;
    watchFirstInteraction();
    const onMessage = (event: MessageEvent) => {
      const playerEvent = readPlayerEvent(event, { origin, source: iframeRef.current?.contentWindow ?? null });
      if (playerEvent) controller.receive(playerEvent);
    };
    window.addEventListener("message", onMessage);
    controller.start();
    return () => {
      window.removeEventListener("message", onMessage);
      controller.dispose();
    };
  }, [controller, origin]);

  const state = useSyncExternalStore(
    controller?.subscribe ?? STATIC_STATE_SUBSCRIBE,
    controller?.getState ?? (() => null),
  );

  if (!playableId) return { kind: "invalid", message: t(PLAYER_ERROR_MESSAGES.missingVideoId) };
  if (!embedUrl || !controller || !state) return { kind: "invalid", message: t(PLAYER_ERROR_MESSAGES.invalidEmbedUrl) };
  return { kind: "player", videoId: playableId, embedUrl, controller, state, iframeRef };
}
