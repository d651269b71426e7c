import type { Video } from "./api-types";

// Spec "Public video URLs": the addresses a video has, and the link its Share button hands out.

export const SLUG_PART_LIMIT = 50;
const DANCE_TRENDS = "/dance-trends";
const CATEGORIES = "/categories";
const VIDEO_ID_PATTERN = /^\d{6,}$/;

export type ShareableVideo = Pick<Video, "videoId" | "username" | "tags" | "paths">;

export interface CategoryLink {
  hashtag: string | null;
  videoId: string | null;
}

function isWithin(pathname: string, section: string): boolean {
  return pathname === section || pathname.startsWith(`${section}/`);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A hashtag as paths and the API name it: no leading '#', trimmed, lowercase. */
export function normaliseHashtag(hashtag: string): string {
  return hashtag.trim().replace(/^#+/, "").trim().toLowerCase();
}

/** '{username}-{videoId}', the username cut to 50 characters, as the server writes it. */
export function videoSlug(username: string, videoId: string): string {
  const name = Array.from(username.trim().replace(/^@+/, "")).slice(0, SLUG_PART_LIMIT).join("");
  return `${name}-${videoId}`;
}

/** The video id a '{username}-{videoId}' segment (or a bare id) ends with, else null. */
export function videoIdFromSlug(segment: string): string | null {
  const candidate = segment.trim().split("-").at(-1) ?? "";
  return VIDEO_ID_PATTERN.test(candidate) && !/^0+$/.test(candidate) ? candidate : null;
}

/** '/categories/{hashtag}', or '/categories' when the hashtag is empty. */
export function hashtagPath(hashtag: string | null): string {
  const tag = hashtag ? normaliseHashtag(hashtag) : "";
  return tag ? `${CATEGORIES}/${encodeURIComponent(tag)}` : CATEGORIES;
}

/** '/categories/{hashtag}/{username}-{videoId}', or '/categories/{username}-{videoId}' without a hashtag. */
export function categoryVideoPath(hashtag: string | null, video: Pick<Video, "username" | "videoId">): string {
  return `${hashtagPath(hashtag)}/${encodeURIComponent(videoSlug(video.username, video.videoId))}`;
}

/** A public playlist on the categories page, '/categories?playlist={id}' (the spec's addresses name hashtags only). */
export function playlistPath(playlistId: string): string {
  return `${CATEGORIES}?playlist=${encodeURIComponent(playlistId)}`;
}

/** The playlist a '?playlist={id}' query names, found or not ('abc' names none the server has), else null. */
export function linkedPlaylistId(search: string): string | null {
  return new URLSearchParams(search).get("playlist") || null;
}

/**
 * What a /categories path points at (null for any other path): `/categories/{hashtag}`,
 * `/categories/{username}-{videoId}` or `/categories/{hashtag}/{username}-{videoId}`.
 */
export function parseCategoryPath(pathname: string): CategoryLink | null {
  if (!isWithin(pathname, CATEGORIES)) return null;
  const segments = pathname.slice(CATEGORIES.length).split("/").filter(Boolean).map(decodeSegment);
  const first = segments[0];
  if (first === undefined) return { hashtag: null, videoId: null };
  const videoId = videoIdFromSlug(segments.at(-1) ?? "");
  if (segments.length === 1 && videoId) return { hashtag: null, videoId };
  return { hashtag: normaliseHashtag(first) || null, videoId: segments.length > 1 ? videoId : null };
}

function sharePath(video: ShareableVideo, pathname: string): string {
  const trendPath = video.paths.trend;
  const firstTag = video.tags.find((tag) => normaliseHashtag(tag)) ?? null;
  if (isWithin(pathname, DANCE_TRENDS) && trendPath) return trendPath;
  const category = parseCategoryPath(pathname);
  if (category) return categoryVideoPath(category.hashtag ?? firstTag, video);
  if (trendPath) return trendPath;
  if (firstTag) return categoryVideoPath(firstTag, video);
  return pathname;
}

/**
 * The link to share a video, following the page it is shared from: on a dance-trends path its trend path,
 * on a categories path the hashtag in the address (else its first tag); elsewhere its trend path, then its
 * first hashtag's categories path, then the current path.
 */
export function shareLink(video: ShareableVideo, location: Pick<Location, "origin" | "pathname">): string {
  return `${location.origin}${sharePath(video, location.pathname)}`;
}

export type ShareOutcome = "shared" | "copied" | "cancelled" | "failed";

export interface ShareDependencies {
  /** The browser's native share sheet, when it has one. */
  share: ((data: ShareData) => Promise<void>) | null;
  copy: (text: string) => Promise<void>;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

// The Clipboard API needs a secure context; the selection-based copy still works on plain http.
async function copyToClipboard(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // Fall through to copying a selected text field.
  }
  const field = document.createElement("textarea");
  field.value = text;
  field.setAttribute("readonly", "");
  field.style.position = "fixed";
  field.style.opacity = "0";
  document.body.append(field);
  field.select();
  const copied = document.execCommand("copy");
  field.remove();
  if (!copied) throw new Error("Copying the link failed");
}

function browserShareDependencies(): ShareDependencies {
  return {
    share: typeof navigator.share === "function" ? (data) => navigator.share(data) : null,
    copy: copyToClipboard,
  };
}

/** Native share when the browser has it; copying the link when it does not or the share fails (not when cancelled). */
export async function shareOrCopy(url: string, deps: ShareDependencies = browserShareDependencies()): Promise<ShareOutcome> {
  if (deps.share) {
    try {
      await deps.share({ url });
      return "shared";
    } catch (error) {
      if (isAbort(error)) return "cancelled";
      console.error("Native share failed, copying the link instead", error);
    }
  }
  try {
    await deps.copy(url);
    return "copied";
  } catch (error) {
    console.error("Copying the link failed", error);
    return "failed";
  }
}
