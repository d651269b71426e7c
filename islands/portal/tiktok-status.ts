import type { Canary, TikTokStatus } from "../lib/api-types";
import { formatDateTime, formatNumber } from "./format";
import { t } from "../lib/i18n";
import { translateServerText } from "../lib/api";

export const TIKTOK_STATUS_POLL_MS = 2000;

const orNever = (value: string | null) => (value ? formatDateTime(value) : t("Never"));

function curlCffiText({ curlCffiVersion: installed, curlCffiPinned: pinned }: TikTokStatus): string {
  if (!installed) return t("Not installed");
  if (!pinned) return installed;
  return installed === pinned
    ? t("{version} (the version yt-dlp pins)", { version: installed })
    : t("{version} (yt-dlp pins {pinned})", { version: installed, pinned });
}

function cookiesText(status: TikTokStatus): string {
  if (!status.cookiesFile) return t("Not set");
  return status.cookiesFileReadable ? t("Set") : t("Set, but the file is missing");
}

/** The panel's rows, label and value, in reading order. */
export function statusRows(status: TikTokStatus): Array<readonly [string, string]> {
  const ytdlp =
    status.ytdlpAgeDays === null
      ? status.ytdlpVersion
      : t("{version} (released {released}, {days} days ago)", {
          version: status.ytdlpVersion,
          released: status.ytdlpReleased ?? "",
          days: status.ytdlpAgeDays,
        });
  const block = status.lastBlocked
    ? `${formatDateTime(status.lastBlocked)}${status.lastBlockCause ? ` (${status.lastBlockCause})` : ""}`
    : t("None");
  return [
    ["yt-dlp", ytdlp],
    ["curl_cffi", curlCffiText(status)],
    [t("Browser impersonation"), status.impersonation ? t("Available") : t("Not available")],
    [t("Cookies file"), cookiesText(status)],
    [t("Proxy"), status.proxy ? t("Set") : t("Not set")],
    [t("Pause between requests"), t("{seconds} s", { seconds: formatNumber(status.sleepRequests) })],
    [t("Last profile listing"), orNever(status.lastListing)],
    [t("Last metadata read"), orNever(status.lastMetadata)],
    [t("Last download"), orNever(status.lastDownload)],
    [t("Last block"), block],
    [t("Scheduled work waits until"), status.backoffUntil ? formatDateTime(status.backoffUntil) : t("No back-off")],
  ];
}

/** What the canary row says: its message when it ran, or why there is none yet. */
export function canaryText(canary: Canary | null): string {
  if (canary === null) return t("Not run yet: it runs daily, or now with Check Now.");
  if (canary.status === "queued" || canary.status === "running") return t("Checking...");
  if (canary.status === "failed") return t("The check itself failed: {error}", { error: canary.error ?? t("unknown error") });
  return canary.message ? translateServerText(canary.message) : "";
}

export function canaryPending(canary: Canary | null): boolean {
  return canary !== null && (canary.status === "queued" || canary.status === "running");
}
