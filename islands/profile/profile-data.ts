import { pageLanguage } from "../lib/i18n";
import type { CreatorRef } from "../lib/api-types";

/** What the server sends about the profile shown; a private profile seen by someone else carries only its username. */
export interface PublicProfile {
  username: string;
  avatar?: string | null;
  bio?: string;
  createdAt?: string;
  followingCount?: number;
  /** The creators followed, sent for other people's public profiles; the owner's list is fetched live. */
  following?: CreatorRef[];
  isPrivate?: boolean;
}

/** 'January 5, 2026' in English, the page language's long date otherwise (the calendar day in UTC, as the server
 * writes it); empty for a missing or bad date. */
export function longDate(iso: string | undefined): string {
  const moment = iso ? new Date(iso) : null;
  if (!moment || Number.isNaN(moment.getTime())) return "";
  const language = pageLanguage();
  return new Intl.DateTimeFormat(language === "en" ? "en-US" : language, { dateStyle: "long", timeZone: "UTC" }).format(moment);
}

/** One of the owner's uploads, as the server sends it with their own profile. */
export interface OwnUpload {
  title: string;
  fileName: string;
  uploadedAt: string;
  status: string;
}

/** The owner's newest uploads and how many they have in all. */
export interface OwnUploads {
  newest: OwnUpload[];
  total: number;
}
