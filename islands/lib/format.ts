import { pageLanguage, t } from "./i18n";

/** The avatar letter: the name's first letter or digit uppercased (handles such as "._mia" show "M"), else "?". */
export function avatarInitial(name: string | null | undefined): string {
  const first = Array.from(name ?? "").find((char) => /[\p{L}\p{N}]/u.test(char));
  return first ? first.toUpperCase() : "?";
}

export const UNKNOWN_TRACK = "Unknown Track";
export const UNKNOWN_ARTIST = "Unknown Artist";
export const HEADER_TEXT_LIMIT = 36;
const ELLIPSIS = "...";
const MS_PER_DAY = 86_400_000;

const COUNT_UNITS: ReadonlyArray<readonly [number, string]> = [
  [1_000, "K"],
  [1_000_000, "M"],
  [1_000_000_000, "B"],
];

// Integer rounding, half up, exactly as the server's format_count does it.
function tenthsOf(count: number, unit: number): number {
  return Math.floor((count * 10 + Math.floor(unit / 2)) / unit);
}

function withUnit(tenths: number, suffix: string): string {
  const whole = Math.floor(tenths / 10);
  const decimal = tenths % 10;
  return decimal === 0 ? `${whole}${suffix}` : `${whole}.${decimal}${suffix}`;
}

let compactCounts: Intl.NumberFormat | null = null;

/** '999', '1K', '1.2K', '3.4M'; 'B' from a billion only with `billions` (the creator view count). In another
 * language, the locale's compact number ('1,2 N'). */
export function formatCount(count: number | null | undefined, { billions = false } = {}): string {
  const value = Math.max(Math.trunc(Number.isFinite(count) ? (count as number) : 0), 0);
  const language = pageLanguage();
  if (language !== "en") {
    compactCounts ??= new Intl.NumberFormat(language, { notation: "compact", maximumFractionDigits: 1 });
    return compactCounts.format(value);
  }
  const units = billions ? COUNT_UNITS : COUNT_UNITS.slice(0, 2);
  let position = -1;
  units.forEach(([unit], candidate) => {
    if (value >= unit) position = candidate;
  });
  if (position < 0) return String(value);
  let tenths = tenthsOf(value, units[position]![0]);
  // A value that rounds to 1000 of a unit reads as 1 of the next one (999,999 → 1M).
  if (tenths >= 10_000 && position + 1 < units.length) {
    position += 1;
    tenths = tenthsOf(value, units[position]![0]);
  }
  return withUnit(tenths, units[position]![1]);
}

function utcDayNumber(moment: Date): number {
  return Math.floor(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate()) / MS_PER_DAY);
}

// Whole calls, so that each text is found for the catalogue.
const AGO = {
  day: (count: number) => (count === 1 ? t("1 day ago") : t("{count} days ago", { count })),
  week: (count: number) => (count === 1 ? t("1 week ago") : t("{count} weeks ago", { count })),
  month: (count: number) => (count === 1 ? t("1 month ago") : t("{count} months ago", { count })),
  year: (count: number) => (count === 1 ? t("1 year ago") : t("{count} years ago", { count })),
};

function ago(amount: number, unit: keyof typeof AGO): string {
  return AGO[unit](amount);
}

/** 'Today', 'Yesterday', 'n days ago', then weeks under 30 days, months under 365, then years (UTC calendar days). */
export function relativeDate(when: string | Date, now: Date = new Date()): string {
  const moment = typeof when === "string" ? new Date(when) : when;
  if (Number.isNaN(moment.getTime())) return "";
  const days = utcDayNumber(now) - utcDayNumber(moment);
  if (days <= 0) return t("Today");
  if (days === 1) return t("Yesterday");
  if (days < 7) return ago(days, "day");
  if (days < 30) return ago(Math.floor(days / 7), "week");
  if (days < 365) return ago(Math.floor(days / 30), "month");
  return ago(Math.floor(days / 365), "year");
}

/** The first `limit` characters (code points, as the server counts them) followed by '...' when the text is longer. */
export function truncateText(text: string | null | undefined, limit: number = HEADER_TEXT_LIMIT): string {
  const characters = Array.from(text ?? "");
  return characters.length <= limit ? characters.join("") : characters.slice(0, limit).join("") + ELLIPSIS;
}

/** 'track by artist' in full, with the spec's fallbacks. */
export function trendTitle(track: string | null | undefined, artist: string | null | undefined): string {
  const shownTrack = track?.trim() || t(UNKNOWN_TRACK);
  const shownArtist = artist?.trim() || t(UNKNOWN_ARTIST);
  return t("{track} by {artist}", { track: shownTrack, artist: shownArtist });
}

/** The feed header's 'track by artist', truncated to 36 characters. */
export function trendHeader(track: string | null | undefined, artist: string | null | undefined): string {
  return truncateText(trendTitle(track, artist));
}

/** A handle or an e-mail address cut where a line may break: before each '.', '_', '@', '-' or '+', as long URLs are. */
export function nameParts(name: string): string[] {
  return name.split(/(?=[._@+-])/).filter(Boolean);
}
