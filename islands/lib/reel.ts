/** How far from a snap point (in px) a scroll still counts as resting on it: browsers round fractional offsets. */
const SNAP_TOLERANCE_PX = 2;

/**
 * Where a vertical swipe through the reel came to rest, given how far it is scrolled from the current video's
 * slide: one video on (1), one back (-1), or 0 while it is still moving or came back to the same video.
 */
export function reelStep(offsetFromCurrent: number, slideHeight: number): 1 | -1 | 0 {
  if (slideHeight <= 0 || Math.abs(offsetFromCurrent) < slideHeight / 2) return 0;
  const distanceToSnap = Math.abs(Math.abs(offsetFromCurrent) - slideHeight);
  if (distanceToSnap > SNAP_TOLERANCE_PX) return 0;
  return offsetFromCurrent > 0 ? 1 : -1;
}

/** How far (in px) a finger must travel, more up or down than sideways, for a drag to count as a swipe. */
const SWIPE_MIN_PX = 40;

/**
 * A drag from a touch's start to where it lifted: up moves one video on (1), down one back (-1); a tap, a short drag
 * or a sideways one (the hashtags scroll sideways) moves nothing (0).
 */
export function swipeStep(dx: number, dy: number): 1 | -1 | 0 {
  if (Math.abs(dy) < SWIPE_MIN_PX || Math.abs(dy) <= Math.abs(dx)) return 0;
  return dy < 0 ? 1 : -1;
}
