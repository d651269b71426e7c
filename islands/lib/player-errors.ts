import { N_, t } from "./i18n";

// Spec §8 "Player error codes": messages as written; 1004 and player_sdk_error get one automatic retry.
export const MAX_PLAYER_RETRIES = 1;

export const PLAYER_ERROR_MESSAGES = {
  embedFailed: N_("Video embed failed - this video may be restricted or unavailable"),
  notFound: N_("Video not found or has been removed"),
  privateVideo: N_("Video is private or restricted"),
  regionNotSupported: N_("Video region is not supported"),
  sdkError: N_("TikTok player error - video may be temporarily unavailable"),
  unavailable: N_("Video temporarily unavailable"),
  iframeLoadFailed: N_("Failed to load TikTok embed"),
  missingVideoId: N_("Invalid video data - missing video ID"),
  invalidEmbedUrl: N_("Invalid Embed URL"),
};

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

function failureOf(message: keyof typeof PLAYER_ERROR_MESSAGES, retryDelayMs: number | null): PlayerFailure {
  return {
    // Read when the failure is shown, so it is in the page's language.
    get message() {
      return t(PLAYER_ERROR_MESSAGES[message]);
    },
    retryDelayMs,
  };
}

export const IFRAME_LOAD_FAILURE = failureOf("iframeLoadFailed", LOAD_FAILURE_RETRY_MS);

/** The embed never said it was ready: retrying at once rarely helps a blocked or offline player, so Retry waits for the viewer. */
export const READY_TIMEOUT_FAILURE = failureOf("iframeLoadFailed", null);

const FAILURES_BY_CODE: Readonly<Record<string, PlayerFailure>> = {
  "1004": failureOf("embedFailed", EMBED_FAILED_RETRY_MS),
  "1001": failureOf("notFound", null),
  "1002": failureOf("privateVideo", null),
  "1003": failureOf("regionNotSupported", null),
  [SDK_ERROR_TYPE]: failureOf("sdkError", SDK_ERROR_RETRY_MS),
};

const DEFAULT_FAILURE: PlayerFailure = failureOf("unavailable", null);

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
