const WHOLE_NUMBER = new Intl.NumberFormat("en-US");
const DATE_TIME = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** 12,345: counts shown in full, as an admin compares them. */
export function formatNumber(value: number | null | undefined): string {
  return WHOLE_NUMBER.format(typeof value === "number" && Number.isFinite(value) ? value : 0);
}

/** 'Jan 5, 2026, 2:03 PM' in the viewer's time zone; '' for a missing or unreadable date. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return "";
  const moment = new Date(value);
  return Number.isNaN(moment.getTime()) ? "" : DATE_TIME.format(moment);
}
