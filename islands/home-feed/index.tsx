import { useEffect, useMemo, useRef, useState, type MouseEvent, type RefObject } from "react";
import { getAppContext } from "../lib/context";
import { goTo } from "../lib/navigation";
import { TikTokPlayer } from "../player/TikTokPlayer";
import { useTikTokPlayer, type TikTokPlayer as PlayerHandle } from "../player/useTikTokPlayer";
import { playableVideos, videoDescription } from "../player/video";
import { CreatorRow } from "./CreatorRow";
import { FeedControls } from "./FeedControls";
import { FeedHeader } from "./FeedHeader";
import { feedKeyAction } from "./keyboard";
import { ReportButton } from "./ReportButton";
import { useHomeFeed, type HomeFeed as Feed } from "./useHomeFeed";
import { createWheelNavigator, isMacPlatform } from "./wheel";

export interface HomeFeedProps {
  videos?: unknown;
  totalTrends?: unknown;
}

const DANCE_TRENDS_PATH = "/dance-trends";
const COARSE_POINTER_QUERY = "(pointer: coarse)";
// Clicks on these keep their own meaning; only the area around the player opens the trends page.
const OWN_CLICK_SELECTOR = "a, button, iframe, .player-screen";

interface Latest {
  feed: Feed;
  player: PlayerHandle;
}

function usablePlayer(player: PlayerHandle) {
  return player.kind === "player" && player.state.phase !== "failed" ? player.controller : null;
}

function useFeedKeys(latest: RefObject<Latest>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = feedKeyAction(event);
      if (!action) return;
      event.preventDefault();
      const { feed, player } = latest.current;
      const controller = usablePlayer(player);
      if (action === "next") feed.move(1);
      else if (action === "previous") feed.move(-1);
      else if (action === "togglePlay") controller?.togglePlay();
      else controller?.toggleMute();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [latest]);
}

function useFeedWheel(stage: RefObject<HTMLDivElement | null>, latest: RefObject<Latest>, active: boolean) {
  useEffect(() => {
    const element = stage.current;
    if (!active || !element || window.matchMedia?.(COARSE_POINTER_QUERY).matches) return;
    const navigator = createWheelNavigator(isMacPlatform(window.navigator.platform, window.navigator.userAgent));
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const direction = navigator.push(event.deltaY, Date.now());
      if (direction === null) return;
      const { feed } = latest.current;
      const atEnd = feed.state.index >= feed.state.videos.length - 1;
      if (direction === 1 && atEnd) feed.requestMore();
      else feed.move(direction);
    };
    element.addEventListener("wheel", onWheel, { passive: false });
    return () => element.removeEventListener("wheel", onWheel);
  }, [stage, latest, active]);
}

function EmptyFeed({ loading, onRetry }: { loading: boolean; onRetry: () => void }) {
  if (loading) {
    return (
      <div className="feed-loading" role="status">
        <div className="player-frame player-skeleton">
          <span className="spinner" aria-hidden="true" />
        </div>
        <span className="visually-hidden">Loading videos</span>
      </div>
    );
  }
  return (
    <div className="feed-empty card">
      <p className="feed-empty-title">No TikTok videos yet</p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        Retry Fetch
      </button>
    </div>
  );
}

/** The home feed: one random trend video at a time, with its trend, creator and controls (spec §2 "Home feed"). */
export default function HomeFeed({ videos, totalTrends }: HomeFeedProps) {
  const initialVideos = useMemo(() => playableVideos(videos), [videos]);
  const feed = useHomeFeed(initialVideos, typeof totalTrends === "number" ? totalTrends : 0);
  const { state, current } = feed;
  const player = useTikTokPlayer(current?.videoId, { isFirstVideo: !state.navigated });
  const { user } = getAppContext();
  const [subscribedTo, setSubscribedTo] = useState<readonly string[]>(user?.subscribedTo ?? []);
  const stageRef = useRef<HTMLDivElement>(null);
  const latest = useRef<Latest>({ feed, player });
  latest.current = { feed, player };

  useFeedKeys(latest);
  useFeedWheel(stageRef, latest, current !== null);

  if (!current) {
    return (
      <section className="feed" aria-label="Dance videos">
        {feed.banner && <FeedBanner message={feed.banner} />}
        <EmptyFeed loading={state.loading} onRetry={feed.retryFetch} />
      </section>
    );
  }

  const controller = usablePlayer(player);
  const playerState = player.kind === "player" ? player.state : null;

  function openTrends(event: MouseEvent<HTMLDivElement>) {
    if (event.target instanceof Element && event.target.closest(OWN_CLICK_SELECTOR)) return;
    goTo(DANCE_TRENDS_PATH);
  }

  function followingChanged(username: string, list: string[] | null, isFollowing: boolean) {
    setSubscribedTo((previous) => {
      if (list) return list;
      const others = previous.filter((name) => name !== username);
      return isFollowing ? [...others, username] : others;
    });
  }

  const isAdmin = user?.role === "admin";
  return (
    <section className="feed" aria-label="Dance videos">
      {feed.banner && <FeedBanner message={feed.banner} />}
      <FeedHeader video={current} />
      <div ref={stageRef} className="feed-stage" onClick={openTrends}>
        <TikTokPlayer player={player} video={current} />
        <ReportButton
          video={current}
          isAdmin={isAdmin}
          onRemoved={(videoId) => feed.remove(videoId, { decrementTotal: isAdmin })}
        />
      </div>
      <FeedControls
        canGoBack={state.index > 0}
        canGoForward={state.index < state.videos.length - 1}
        playerUsable={controller !== null}
        playing={playerState?.playing ?? false}
        muted={playerState?.muted ?? true}
        onPrevious={() => feed.move(-1)}
        onNext={() => feed.move(1)}
        onTogglePlay={() => controller?.togglePlay()}
        onToggleMute={() => controller?.toggleMute()}
      />
      <CreatorRow
        video={current}
        viewer={user?.username ?? null}
        subscribedTo={subscribedTo}
        onFollowingChange={followingChanged}
      />
      <p className="feed-description">{videoDescription(current)}</p>
    </section>
  );
}

function FeedBanner({ message }: { message: string }) {
  return (
    <div className="alert alert-error feed-banner" role="alert">
      {message}
    </div>
  );
}
