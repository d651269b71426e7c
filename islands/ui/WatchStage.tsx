import { lazy, Suspense, useCallback, useRef, useState, type MouseEvent } from "react";
import type { Video } from "../lib/api-types";
import { getAppContext } from "../lib/context";
import { TikTokPlayer } from "./TikTokPlayer";
import { useTikTokPlayer, type TikTokPlayer as PlayerHandle } from "./useTikTokPlayer";
import { FeedControls } from "./FeedControls";
import { ReportButton } from "./ReportButton";
import { useDetailsSwipes, useStageKeys, useStageWheel, type StageNavigation } from "./stage-navigation";
import { useAutoAdvance } from "./useAutoAdvance";
import { VideoDetails, type VideoDetailsOptions } from "./VideoDetails";
import { VideoReel } from "./VideoReel";

const ShortcutsDialog = lazy(() => import("./ShortcutsDialog"));

export interface WatchStageProps {
  video: Video;
  /** The videos before and after it, whose posters wait in the reel. */
  previous: Video | null;
  next: Video | null;
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
 * One video on stage, as every feed shows it: TikTok's player in a reel of posters (swiped on phones) with
 * 'Report Unavailable' over it, the controls under it, then the creator row and description (over the video on
 * phones); keys and the wheel move too, and a video that ends moves on by itself unless the viewer said not to.
 */
export function WatchStage(props: WatchStageProps) {
  const { video, previous, next, index, count, isFirstVideo, onMove, onWheelPastEnd, onRemoved, onBackdropClick } = props;
  const player = useTikTokPlayer(video.videoId, { isFirstVideo });
  const isAdmin = getAppContext().user?.role === "admin";
  const controller = usableController(player);
  const playerState = player.kind === "player" ? player.state : null;
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const showShortcuts = useCallback(() => setShortcutsOpen(true), []);
  const closeShortcuts = useCallback(() => setShortcutsOpen(false), []);
  const atEnd = index >= count - 1;
  const autoAdvance = useAutoAdvance({ ended: playerState?.ended ?? false, atEnd, onMove, onWheelPastEnd });

  const stageRef = useRef<HTMLDivElement>(null);
  const navigation = useRef<StageNavigation>({ atEnd, onMove, controller, onShowShortcuts: showShortcuts });
  navigation.current = { atEnd, onMove, onWheelPastEnd, controller, onShowShortcuts: showShortcuts };
  useStageKeys(navigation);
  useStageWheel(stageRef, navigation);
  useDetailsSwipes(stageRef, navigation);

  function clickBackdrop(event: MouseEvent<HTMLDivElement>) {
    if (event.target instanceof Element && event.target.closest(OWN_CLICK_SELECTOR)) return;
    onBackdropClick?.();
  }

  return (
    <div ref={stageRef} className="watch-stage">
      <div
        className={onBackdropClick ? "feed-stage feed-stage-link" : "feed-stage"}
        onClick={onBackdropClick ? clickBackdrop : undefined}
      >
        <VideoReel currentId={video.videoId} previous={previous} next={next} onStep={onMove}>
          <TikTokPlayer player={player} video={video} />
          <ReportButton video={video} isAdmin={isAdmin} onRemoved={(videoId) => onRemoved(videoId, isAdmin)} />
        </VideoReel>
      </div>
      <FeedControls
        canGoBack={index > 0}
        canGoForward={!atEnd}
        playerUsable={controller !== null}
        playing={playerState?.playing ?? false}
        muted={playerState?.muted ?? true}
        autoAdvance={autoAdvance.on}
        onPrevious={() => onMove(-1)}
        onNext={() => onMove(1)}
        onTogglePlay={() => controller?.togglePlay()}
        onToggleMute={() => controller?.toggleMute()}
        onToggleAutoAdvance={autoAdvance.toggle}
        onShowShortcuts={showShortcuts}
      />
      <VideoDetails video={video} {...props.details} />
      {shortcutsOpen && (
        <Suspense>
          <ShortcutsDialog onClose={closeShortcuts} />
        </Suspense>
      )}
    </div>
  );
}
