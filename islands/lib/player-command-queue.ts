import type { Clock } from "./clock";
import type { PlayerCommand } from "./player-protocol";

export const COMMAND_SPACING_MS = 50;

export interface CommandQueue {
  push: (command: PlayerCommand) => void;
  /** The player said it is ready: send what is queued, 50 ms apart. */
  markReady: () => void;
  /** A new player load: forget readiness and anything not yet sent. */
  reset: () => void;
  dispose: () => void;
  isReady: () => boolean;
  pending: () => readonly PlayerCommand[];
}

/**
 * Commands wait until the player is ready (TikTok drops earlier ones), then go out one at a time
 * with at least 50 ms between two sends (spec §9).
 */
export function createCommandQueue(send: (command: PlayerCommand) => void, clock: Clock): CommandQueue {
  let ready = false;
  let waiting: PlayerCommand[] = [];
  let timer: unknown = null;
  let lastSentAt = Number.NEGATIVE_INFINITY;

  function cancelTimer(): void {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  }

  function drain(): void {
    if (!ready || timer !== null || waiting.length === 0) return;
    const wait = lastSentAt + COMMAND_SPACING_MS - clock.now();
    if (wait > 0) {
      timer = clock.setTimeout(() => {
        timer = null;
        drain();
      }, wait);
      return;
    }
    const command = waiting.shift() as PlayerCommand;
    lastSentAt = clock.now();
    send(command);
    drain();
  }

  return {
    push(command) {
      waiting.push(command);
      drain();
    },
    markReady() {
      ready = true;
      drain();
    },
    reset() {
      cancelTimer();
      ready = false;
      waiting = [];
    },
    dispose() {
      cancelTimer();
      ready = false;
      waiting = [];
    },
    isReady: () => ready,
    pending: () => [...waiting],
  };
}
