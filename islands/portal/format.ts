import { pageLanguage } from "../lib/i18n";

const ENGLISH = "en-US";
let formatters: { language: string; number: Intl.NumberFormat; dateTime: Intl.DateTimeFormat } | null = null;

/** The page's formats, made once per language: English keeps the spec's en-US ones. */
function formatsOfThePage() {
  const language = pageLanguage() === "en" ? ENGLISH : pageLanguage();
  if (formatters?.language !== language) {
    formatters = {
      language,
      number: new Intl.NumberFormat(language),
      dateTime: new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }),
    };
  }
  return formatters;
}

/** 12,345 (12.345 in Vietnamese): counts shown in full, as an admin compares them. */
export function formatNumber(value: number | null | undefined): string {
  return formatsOfThePage().number.format(typeof value === "number" && Number.isFinite(value) ? value : 0);
}

/** 'Jan 5, 2026, 2:03 PM' in the viewer's time zone; '' for a missing or unreadable date. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return "";
  const moment = new Date(value);
  return Number.isNaN(moment.getTime()) ? "" : formatsOfThePage().dateTime.format(moment);
}
