import { useEffect, type RefObject } from "react";
import type { PlayerController } from "../lib/player-controller";
import { feedKeyAction } from "../lib/feed-keys";
import { createWheelNavigator, isMacPlatform } from "../lib/wheel";

const COARSE_POINTER_QUERY = "(pointer: coarse)";
/** The feed column a stage sits in: the wheel moves the videos anywhere over it. */
const FEED_SELECTOR = ".feed";
/** Where the wheel keeps scrolling the page: the details under the video, which may run below the fold. */
const PAGE_SCROLL_SELECTOR = ".feed-details";

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
      if (event.target instanceof Element && event.target.closest(PAGE_SCROLL_SELECTOR)) return;
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
