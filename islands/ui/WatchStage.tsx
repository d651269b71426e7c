import { useRef, type MouseEvent } from "react";
import type { Video } from "../lib/api-types";
import { getAppContext } from "../lib/context";
import { TikTokPlayer } from "./TikTokPlayer";
import { useTikTokPlayer, type TikTokPlayer as PlayerHandle } from "./useTikTokPlayer";
import { FeedControls } from "./FeedControls";
import { ReportButton } from "./ReportButton";
import { useStageKeys, useStageWheel, type StageNavigation } from "./stage-navigation";
import { VideoDetails, type VideoDetailsOptions } from "./VideoDetails";

export interface WatchStageProps {
  video: Video;
  index: number;
  count: number;
  /** The page's first video always starts muted. */
  isFirstVideo: boolean;
  onMove: (delta: 1 | -1) => void;
  onWheelPastEnd?: () => void;
  onRemoved: (videoId: string, byAdmin: boolean) => void;
  /** A click on the area around the player (not on its buttons or the video itself). */
  onBackdropClick?: () => void;
  details?: VideoDetailsOptions;
}

// Clicks on these keep their own meaning; only the area around the player counts as the backdrop.
const OWN_CLICK_SELECTOR = "a, button, iframe, .player-screen";

function usableController(player: PlayerHandle) {
  return player.kind === "player" && player.state.phase !== "failed" ? player.controller : null;
}

/**
 * One video on stage, as every feed shows it: TikTok's player with 'Report Unavailable' over it,
 * Previous/Play-Pause/Mute/Next under it, then the creator row and description; keys and the wheel move too.
 */
export function WatchStage(props: WatchStageProps) {
  const { video, index, count, isFirstVideo, onMove, onWheelPastEnd, onRemoved, onBackdropClick, details } = props;
  const player = useTikTokPlayer(video.videoId, { isFirstVideo });
  const isAdmin = getAppContext().user?.role === "admin";
  const controller = usableController(player);
  const playerState = player.kind === "player" ? player.state : null;
  const stageRef = useRef<HTMLDivElement>(null);
  const navigation = useRef<StageNavigation>({ atEnd: true, onMove, controller });
  navigation.current = { atEnd: index >= count - 1, onMove, onWheelPastEnd, controller };
  useStageKeys(navigation);
  useStageWheel(stageRef, navigation);

  function clickBackdrop(event: MouseEvent<HTMLDivElement>) {
    if (event.target instanceof Element && event.target.closest(OWN_CLICK_SELECTOR)) return;
    onBackdropClick?.();
  }

  return (
    <>
      <div
        ref={stageRef}
        className={onBackdropClick ? "feed-stage feed-stage-link" : "feed-stage"}
        onClick={onBackdropClick ? clickBackdrop : undefined}
      >
        <TikTokPlayer player={player} video={video} />
        <ReportButton video={video} isAdmin={isAdmin} onRemoved={(videoId) => onRemoved(videoId, isAdmin)} />
      </div>
      <FeedControls
        canGoBack={index > 0}
        canGoForward={index < count - 1}
        playerUsable={controller !== null}
        playing={playerState?.playing ?? false}
        muted={playerState?.muted ?? true}
        onPrevious={() => onMove(-1)}
        onNext={() => onMove(1)}
        onTogglePlay={() => controller?.togglePlay()}
        onToggleMute={() => controller?.toggleMute()}
      />
      <VideoDetails video={video} {...details} />
    </>
  );
}
