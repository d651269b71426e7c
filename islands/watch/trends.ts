import type { TrendInfo } from "../player/video";

/** Spec §3 Trend, as the trend list calls answer (a video's trendInfo carries the same fields). */
export interface Trend extends TrendInfo {
  firstVideoDate: string | null;
  lastVideoDate: string | null;
  trendScore: number;
}

/** Spec §9 trend sorts, Featured (video count) first as the default. */
export const TREND_SORTS = [
  { value: "videoCount", label: "Featured" },
  { value: "trendScore", label: "Trend Score" },
  { value: "totalViews", label: "Views" },
  { value: "firstVideoDate", label: "First Video" },
  { value: "lastVideoDate", label: "Last Video" },
] as const;

export type TrendSort = (typeof TREND_SORTS)[number]["value"];
export const DEFAULT_TREND_SORT: TrendSort = "videoCount";

// Written out rather than through Intl.DateTimeFormat, whose first construction costs a feed page's first render
// about 25 ms of main thread on a phone.
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** 'Mar 13, 2025' (UTC), or '' for a missing or unreadable date. */
export function shortDate(iso: string | null | undefined): string {
  const moment = iso ? new Date(iso) : null;
  if (!moment || Number.isNaN(moment.getTime())) return "";
  return `${MONTHS[moment.getUTCMonth()]} ${moment.getUTCDate()}, ${moment.getUTCFullYear()}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The trends of a server answer that can be opened: each needs a song key. */
export function readTrends(value: unknown): Trend[] {
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is Trend => isRecord(item) && typeof item.songKey === "string" && item.songKey !== "");
}
