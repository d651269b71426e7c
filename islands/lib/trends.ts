import { N_ } from "./i18n";
import { t } from "./i18n";

/** Spec §9 trend sorts, Featured (video count) first as the default, then Rising (see the README). */
export const TREND_SORTS = [
  { value: "videoCount", label: N_("Featured") },
  { value: "trendScore", label: N_("Trend Score") },
  { value: "totalViews", label: N_("Views") },
  { value: "firstVideoDate", label: N_("First Video") },
  { value: "lastVideoDate", label: N_("Last Video") },
  { value: "rising", label: N_("Rising") },
] as const;

export type TrendSort = (typeof TREND_SORTS)[number]["value"];
export const DEFAULT_TREND_SORT: TrendSort = "videoCount";

// Written out rather than through Intl.DateTimeFormat, whose first construction costs a feed page's first render
// about 25 ms of main thread on a phone.
function monthNames(): string[] {
  return [t("Jan"), t("Feb"), t("Mar"), t("Apr"), t("May"), t("Jun"), t("Jul"), t("Aug"), t("Sep"), t("Oct"), t("Nov"), t("Dec")];
}

/** 'Mar 13, 2025' (UTC), or '' for a missing or unreadable date. */
export function shortDate(iso: string | null | undefined): string {
  const moment = iso ? new Date(iso) : null;
  if (!moment || Number.isNaN(moment.getTime())) return "";
  const month = monthNames()[moment.getUTCMonth()]!;
  return t("{month} {day}, {year}", { month, day: moment.getUTCDate(), year: moment.getUTCFullYear() });
}
