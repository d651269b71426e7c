import { t } from "./i18n";

// Spec §8 "Player error codes": messages as written; 1004 and player_sdk_error get one automatic retry.
export const MAX_PLAYER_RETRIES = 1;

export const PLAYER_ERROR_MESSAGES = {
  embedFailed: "Video embed failed - this video may be restricted or unavailable",
  notFound: "Video not found or has been removed",
  privateVideo: "Video is private or restricted",
  regionNotSupported: "Video region is not supported",
  sdkError: "TikTok player error - video may be temporarily unavailable",
  unavailable: "Video temporarily unavailable",
  iframeLoadFailed: "Failed to load TikTok embed",
  missingVideoId: "Invalid video data - missing video ID",
  invalidEmbedUrl: "Invalid Embed URL",
} as const;

/** A player message in the page's language. */
export function shownPlayerMessage(message: string): string {
  const shown: Record<string, string> = {
    [PLAYER_ERROR_MESSAGES.embedFailed]: t("Video embed failed - this video may be restricted or unavailable"),
    [PLAYER_ERROR_MESSAGES.notFound]: t("Video not found or has been removed"),
    [PLAYER_ERROR_MESSAGES.privateVideo]: t("Video is private or restricted"),
    [PLAYER_ERROR_MESSAGES.regionNotSupported]: t("Video region is not supported"),
    [PLAYER_ERROR_MESSAGES.sdkError]: t("TikTok player error - video may be temporarily unavailable"),
    [PLAYER_ERROR_MESSAGES.unavailable]: t("Video temporarily unavailable"),
    [PLAYER_ERROR_MESSAGES.iframeLoadFailed]: t("Failed to load TikTok embed"),
    [PLAYER_ERROR_MESSAGES.missingVideoId]: t("Invalid video data - missing video ID"),
    [PLAYER_ERROR_MESSAGES.invalidEmbedUrl]: t("Invalid Embed URL"),
  };
  return shown[message] ?? message;
}

export const EMBED_FAILED_RETRY_MS = 4_000;
export const SDK_ERROR_RETRY_MS = 3_000;
export const LOAD_FAILURE_RETRY_MS = 2_000;
const AUTOPLAY_REFUSED = "3002";
const SDK_ERROR_TYPE = "player_sdk_error";

export interface PlayerFailure {
  message: string;
  /** Delay before the automatic retry, or null when only the Retry button retries. */
  retryDelayMs: number | null;
}

export type PlayerErrorOutcome =
  | { kind: "ignore" }
  | { kind: "muted-fallback" }
  | { kind: "failure"; failure: PlayerFailure };

export const IFRAME_LOAD_FAILURE: PlayerFailure = {
  message: PLAYER_ERROR_MESSAGES.iframeLoadFailed,
  retryDelayMs: LOAD_FAILURE_RETRY_MS,
};

/** The embed never said it was ready: retrying at once rarely helps a blocked or offline player, so Retry waits for the viewer. */
export const READY_TIMEOUT_FAILURE: PlayerFailure = {
  message: PLAYER_ERROR_MESSAGES.iframeLoadFailed,
  retryDelayMs: null,
};

const FAILURES_BY_CODE: Readonly<Record<string, PlayerFailure>> = {
  "1004": { message: PLAYER_ERROR_MESSAGES.embedFailed, retryDelayMs: EMBED_FAILED_RETRY_MS },
  "1001": { message: PLAYER_ERROR_MESSAGES.notFound, retryDelayMs: null },
  "1002": { message: PLAYER_ERROR_MESSAGES.privateVideo, retryDelayMs: null },
  "1003": { message: PLAYER_ERROR_MESSAGES.regionNotSupported, retryDelayMs: null },
  [SDK_ERROR_TYPE]: { message: PLAYER_ERROR_MESSAGES.sdkError, retryDelayMs: SDK_ERROR_RETRY_MS },
};

const DEFAULT_FAILURE: PlayerFailure = { message: PLAYER_ERROR_MESSAGES.unavailable, retryDelayMs: null };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function asText(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "string" && value.trim()) return value.trim();
  return null;
}

const VIDEO_ID_ZERO_TEXT = /\bvideo[ _-]?id\W{0,3}0\b/i;

// The player reports errors for a placeholder video id 0 while it starts up; those are not about our video.
function isAboutVideoIdZero(value: Record<string, unknown>): boolean {
  for (const key of ["videoId", "video_id", "id"]) {
    if (asText(value[key]) === "0") return true;
  }
  return ["message", "errorMessage", "msg"].some((key) => {
    const text = value[key];
    return typeof text === "string" && VIDEO_ID_ZERO_TEXT.test(text);
  });
}

/** What to do about an onPlayerError (or onError) value. */
export function classifyPlayerError(value: unknown): PlayerErrorOutcome {
  const details = isRecord(value) ? value : { errorCode: value };
  if (isAboutVideoIdZero(details)) return { kind: "ignore" };
  const code = asText(details.errorCode) ?? asText(details.code);
  const type = asText(details.errorType) ?? asText(details.type);
  if (code === AUTOPLAY_REFUSED) return { kind: "muted-fallback" };
  const failure = (code && FAILURES_BY_CODE[code]) || (type === SDK_ERROR_TYPE && FAILURES_BY_CODE[SDK_ERROR_TYPE]);
  return { kind: "failure", failure: failure || DEFAULT_FAILURE };
}
