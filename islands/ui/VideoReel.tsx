import { useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from "react";
import type { Video } from "../lib/api-types";
import { reelStep } from "../lib/reel";

/** A swipe has come to rest once the reel has not scrolled for this long. */
const SETTLE_MS = 100;

interface Props {
  /** The current video's id: whenever it changes, the reel scrolls back onto the current slide. */
  currentId: string;
  previous: Video | null;
  next: Video | null;
  onStep: (delta: 1 | -1) => void;
  children: ReactNode;
}

function Poster({ video }: { video: Video }) {
  return (
    <div className="player-frame">
      {video.thumbnail && <img className="player-poster" src={video.thumbnail} alt="" decoding="async" />}
    </div>
  );
}

/** Calls onStep once a scroll of the reel comes to rest on the slide before or after the current one. */
function useSwipeSteps(
  reel: RefObject<HTMLDivElement | null>,
  current: RefObject<HTMLDivElement | null>,
  onStep: (delta: 1 | -1) => void,
) {
  const latestStep = useRef(onStep);
  useEffect(() => {
    latestStep.current = onStep;
  });
  useEffect(() => {
    const element = reel.current;
    if (!element) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      const slide = current.current;
      const step = slide ? reelStep(element.scrollTop - slide.offsetTop, element.clientHeight) : 0;
      if (step !== 0) latestStep.current(step);
    };
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(settle, SETTLE_MS);
    };
    element.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      element.removeEventListener("scroll", onScroll);
    };
  }, [reel, current]);
}

/**
 * The feed as a vertical reel: the current video's slide between its neighbours' posters. On phones the reel
 * scrolls with scroll-snap, so a swipe drags the next video in and, once it rests there, moves the feed; on wider
 * screens only the current slide shows, and the neighbours' posters load anyway, ready for the move.
 */
export function VideoReel({ currentId, previous, next, onStep, children }: Props) {
  const reel = useRef<HTMLDivElement>(null);
  const current = useRef<HTMLDivElement>(null);
  useSwipeSteps(reel, current, onStep);

  const previousId = previous?.videoId;
  useLayoutEffect(() => {
    if (reel.current && current.current) reel.current.scrollTop = current.current.offsetTop;
  }, [currentId, previousId]);

  // Slides are keyed by video, so the slide a swipe rests on is the one that becomes current: the browser keeps the
  // reel snapped to that element while the slides around it change.
  return (
    <div ref={reel} className="feed-reel">
      {previous && (
        <div key={previous.videoId} className="feed-slide feed-slide-previous" aria-hidden="true">
          <Poster video={previous} />
        </div>
      )}
      <div key={currentId} ref={current} className="feed-slide feed-slide-current">
        {children}
      </div>
      {next && (
        <div key={next.videoId} className="feed-slide feed-slide-next" aria-hidden="true">
          <Poster video={next} />
        </div>
      )}
    </div>
  );
}
