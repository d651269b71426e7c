// TikTok Embed Player v1: both directions use postMessage with `"x-tiktok-player": true`, a type and a value.
export const PLAYER_MESSAGE_FLAG = "x-tiktok-player";

export type PlayerCommand = "play" | "pause" | "mute" | "unMute";

export const PLAYER_STATE = { init: -1, ended: 0, playing: 1, paused: 2, buffering: 3 } as const;

export interface PlayerErrorValue {
  errorCode?: unknown;
  errorType?: unknown;
  [key: string]: unknown;
}

export type PlayerEvent =
  | { type: "onPlayerReady" }
  | { type: "onStateChange"; value: number }
  | { type: "onMute"; value: boolean }
  | { type: "onVolumeChange"; value: number }
  | { type: "onCurrentTime"; value: { currentTime: number; duration: number } }
  | { type: "onPlayerError"; value: unknown };

export interface PlayerCommandMessage {
  [PLAYER_MESSAGE_FLAG]: true;
  type: PlayerCommand;
  value?: unknown;
}

export function commandMessage(type: PlayerCommand): PlayerCommandMessage {
  return { [PLAYER_MESSAGE_FLAG]: true, type };
}

/** What a message event looks like to the player: where it came from and what it carries. */
export interface IncomingMessage {
  origin: string;
  source: unknown;
  data: unknown;
}

export interface ExpectedSender {
  origin: string;
  source: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const KNOWN_STATES = new Set<number>(Object.values(PLAYER_STATE));

function eventFrom(type: unknown, value: unknown): PlayerEvent | null {
  switch (type) {
    case "onPlayerReady":
      return { type };
    case "onStateChange":
      return typeof value === "number" && KNOWN_STATES.has(value) ? { type, value } : null;
    case "onMute":
      return typeof value === "boolean" ? { type, value } : null;
    case "onVolumeChange":
      return typeof value === "number" && Number.isFinite(value) ? { type, value } : null;
    case "onCurrentTime":
      return isRecord(value) && typeof value.currentTime === "number" && typeof value.duration === "number"
        ? { type, value: { currentTime: value.currentTime, duration: value.duration } }
        : null;
    case "onPlayerError":
    case "onError":
      return { type: "onPlayerError", value };
    default:
      return null;
  }
}

/**
 * The player event a message carries, or null unless it comes from the expected origin AND the expected
 * iframe window, is flagged as a TikTok player message and has a known type with a sensible value.
 */
export function readPlayerEvent(message: IncomingMessage, expected: ExpectedSender): PlayerEvent | null {
  if (message.origin !== expected.origin) return null;
  if (expected.source == null || message.source !== expected.source) return null;
  const { data } = message;
  if (!isRecord(data) || data[PLAYER_MESSAGE_FLAG] !== true) return null;
  return eventFrom(data.type, data.value);
}
