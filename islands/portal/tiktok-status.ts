import type { Canary, TikTokStatus } from "../lib/api-types";
import { formatDateTime } from "./format";

export const TIKTOK_STATUS_POLL_MS = 2000;

const orNever = (value: string | null) => (value ? formatDateTime(value) : "Never");

function curlCffiText({ curlCffiVersion: installed, curlCffiPinned: pinned }: TikTokStatus): string {
  if (!installed) return "Not installed";
  if (!pinned) return installed;
  return installed === pinned ? `${installed} (the version yt-dlp pins)` : `${installed} (yt-dlp pins ${pinned})`;
}

/** The panel's rows, label and value, in reading order. */
export function statusRows(status: TikTokStatus): Array<readonly [string, string]> {
  const age = status.ytdlpAgeDays === null ? "" : ` (released ${status.ytdlpReleased}, ${status.ytdlpAgeDays} days ago)`;
  const cookies = !status.cookiesFile ? "Not set" : status.cookiesFileReadable ? "Set" : "Set, but the file is missing";
  const block = status.lastBlocked
    ? `${formatDateTime(status.lastBlocked)}${status.lastBlockCause ? ` (${status.lastBlockCause})` : ""}`
    : "None";
  return [
    ["yt-dlp", `${status.ytdlpVersion}${age}`],
    ["curl_cffi", curlCffiText(status)],
    ["Browser impersonation", status.impersonation ? "Available" : "Not available"],
    ["Cookies file", cookies],
    ["Proxy", status.proxy ? "Set" : "Not set"],
    ["Pause between requests", `${status.sleepRequests} s`],
    ["Last profile listing", orNever(status.lastListing)],
    ["Last metadata read", orNever(status.lastMetadata)],
    ["Last download", orNever(status.lastDownload)],
    ["Last block", block],
    ["Scheduled work waits until", status.backoffUntil ? formatDateTime(status.backoffUntil) : "No back-off"],
  ];
}

/** What the canary row says: its message when it ran, or why there is none yet. */
export function canaryText(canary: Canary | null): string {
  if (canary === null) return "Not run yet: it runs daily, or now with Check Now.";
  if (canary.status === "queued" || canary.status === "running") return "Checking...";
  if (canary.status === "failed") return `The check itself failed: ${canary.error ?? "unknown error"}`;
  return canary.message ?? "";
}

export function canaryPending(canary: Canary | null): boolean {
  return canary !== null && (canary.status === "queued" || canary.status === "running");
}
