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
