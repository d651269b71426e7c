export const AUTO_ADVANCE_KEY = "feedAutoAdvance";

/** Whether the feed moves on when a video ends: on unless this browser turned it off. */
export function readAutoAdvance(): boolean {
  try {
    return globalThis.localStorage?.getItem(AUTO_ADVANCE_KEY) !== "false";
  } catch {
    return true;
  }
}

export function saveAutoAdvance(on: boolean): void {
  try {
    globalThis.localStorage?.setItem(AUTO_ADVANCE_KEY, String(on));
  } catch {
    // Storage unavailable: the choice lasts only as long as the page.
  }
}

export interface EndedVideo {
  ended: boolean;
  autoAdvance: boolean;
  /** The player loops the video itself, so it never really ends. */
  loop: boolean;
}

/** A video that played to its end moves the feed on, unless the viewer turned that off or the player loops. */
export function shouldAdvanceAfter({ ended, autoAdvance, loop }: EndedVideo): boolean {
  return ended && autoAdvance && !loop;
}
