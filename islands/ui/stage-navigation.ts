import { useEffect, type RefObject } from "react";
import type { PlayerController } from "../lib/player-controller";
import { feedKeyAction } from "../lib/feed-keys";
import { swipeStep } from "../lib/reel";
import { createWheelNavigator, isMacPlatform } from "../lib/wheel";

const COARSE_POINTER_QUERY = "(pointer: coarse)";
/** The feed column a stage sits in: the wheel moves the videos anywhere over it. */
const FEED_SELECTOR = ".feed";
/** The creator row, caption and buttons: under the video, where the wheel keeps scrolling the page (they may run
 * below the fold); on phones laid over the video, where a swipe moves the feed. */
const DETAILS_SELECTOR = ".feed-details";

/** What the key and wheel handlers need, read when an event arrives (kept in a ref, so listeners stay put). */
export interface StageNavigation {
  atEnd: boolean;
  onMove: (delta: 1 | -1) => void;
  /** A wheel-down at the last video: ask for more. */
  onWheelPastEnd?: () => void;
  /** The player's controller while it can play, else null. */
  controller: PlayerController | null;
  onShowShortcuts: () => void;
}

/** ArrowDown/j, ArrowUp/k, Space, m and ? anywhere on the page, unless the key belongs to something else. */
export function useStageKeys(latest: RefObject<StageNavigation>): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = feedKeyAction(event);
      if (!action) return;
      event.preventDefault();
      const { onMove, controller, onShowShortcuts } = latest.current;
      if (action === "next") onMove(1);
      else if (action === "previous") onMove(-1);
      else if (action === "togglePlay") controller?.togglePlay();
      else if (action === "toggleMute") controller?.toggleMute();
      else onShowShortcuts();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [latest]);
}

/**
 * One video per wheel gesture anywhere over the feed column around the stage (the player's own iframe keeps its
 * events); off on touch devices, where swipes move the reel.
 */
export function useStageWheel(stage: RefObject<HTMLElement | null>, latest: RefObject<StageNavigation>): void {
  useEffect(() => {
    const element = stage.current?.closest<HTMLElement>(FEED_SELECTOR) ?? stage.current;
    if (!element || window.matchMedia?.(COARSE_POINTER_QUERY).matches) return;
    const navigator = createWheelNavigator(isMacPlatform(window.navigator.platform, window.navigator.userAgent));
    const onWheel = (event: WheelEvent) => {
      if (event.target instanceof Element && event.target.closest(DETAILS_SELECTOR)) return;
      event.preventDefault();
      const direction = navigator.push(event.deltaY, Date.now());
      if (direction === null) return;
      const { atEnd, onMove, onWheelPastEnd } = latest.current;
      if (direction === 1 && atEnd) onWheelPastEnd?.();
      else onMove(direction);
    };
    element.addEventListener("wheel", onWheel, { passive: false });
    return () => element.removeEventListener("wheel", onWheel);
  }, [stage, latest]);
}

function detailsOverVideo(target: EventTarget | null): boolean {
  const details = target instanceof Element ? target.closest<HTMLElement>(DETAILS_SELECTOR) : null;
  return details !== null && getComputedStyle(details).position === "absolute";
}

/**
 * On phones the details lie over the video, outside the reel: a swipe that starts on their links, buttons or
 * hashtags moves the feed as a swipe over the video does (the browser would scroll the page; player.css lets them
 * pan only sideways). A swipe anywhere else is the reel's own.
 */
export function useDetailsSwipes(stage: RefObject<HTMLElement | null>, latest: RefObject<StageNavigation>): void {
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    let start: { x: number; y: number } | null = null;
    const onStart = (event: TouchEvent) => {
      const touch = event.touches.length === 1 ? event.touches[0] : undefined;
      start = touch && detailsOverVideo(event.target) ? { x: touch.clientX, y: touch.clientY } : null;
    };
    const onEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      const step = start && touch ? swipeStep(touch.clientX - start.x, touch.clientY - start.y) : 0;
      start = null;
      if (step !== 0) latest.current.onMove(step);
    };
    const onCancel = () => {
      start = null;
    };
    element.addEventListener("touchstart", onStart, { passive: true });
    element.addEventListener("touchend", onEnd, { passive: true });
    element.addEventListener("touchcancel", onCancel, { passive: true });
    return () => {
      element.removeEventListener("touchstart", onStart);
      element.removeEventListener("touchend", onEnd);
      element.removeEventListener("touchcancel", onCancel);
    };
  }, [stage, latest]);
}
