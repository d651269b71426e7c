export const WHEEL_BUFFER_MS = 500;
export const WHEEL_THRESHOLD = 50;
/** Spec §9 lists two Mac factors for wheel deltas; both apply. */
export const MAC_WHEEL_FACTORS = [0.7, 0.6] as const;

export type WheelDirection = 1 | -1;

export interface WheelNavigator {
  /** Feeds one wheel delta; returns the direction to move when the gesture is decided, else null. */
  push: (deltaY: number, now: number) => WheelDirection | null;
}

export function isMacPlatform(platform: string, userAgent: string): boolean {
  return /Mac|iPhone|iPad|iPod/i.test(platform || userAgent);
}

/** Mac trackpads send large, long-tailed deltas; scale them so one swipe is one video. */
export function scaledDelta(deltaY: number, isMac: boolean): number {
  return isMac ? MAC_WHEEL_FACTORS.reduce((delta, factor) => delta * factor, deltaY) : deltaY;
}

/**
 * Adds up wheel deltas until they pass the threshold, then moves once and ignores the rest of the gesture
 * for the 500 ms buffer; a pause longer than the buffer starts a fresh sum.
 */
export function createWheelNavigator(isMac: boolean): WheelNavigator {
  let sum = 0;
  let lastEventAt = Number.NEGATIVE_INFINITY;
  let lockedUntil = Number.NEGATIVE_INFINITY;

  return {
    push(deltaY, now) {
      if (now - lastEventAt > WHEEL_BUFFER_MS) sum = 0;
      lastEventAt = now;
      if (now < lockedUntil) return null;
      sum += scaledDelta(deltaY, isMac);
      if (Math.abs(sum) < WHEEL_THRESHOLD) return null;
      const direction: WheelDirection = sum > 0 ? 1 : -1;
      sum = 0;
      lockedUntil = now + WHEEL_BUFFER_MS;
      return direction;
    },
  };
}
