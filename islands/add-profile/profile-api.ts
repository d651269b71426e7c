import { api, ApiError } from "../lib/api";

/** Spec §9: the extraction request's limits. */
export const EXTRACTION_OPTIONS = { maxVideos: 10_000, pageSize: 50, includeMetadata: true, saveToDatabase: false } as const;

export interface ExtractedVideo {
  videoId: string;
  url: string;
  valid: boolean;
}

/** The 'Profile Preview Results' of a finished extraction. */
export interface PreviewResult {
  success: boolean;
  username: string;
  displayName: string | null;
  message: string;
  suggestion: string | null;
  videosExtracted: number;
  videosProcessed: number;
  videoExtractionFailed: boolean;
  /** TikTok's bot detection stopped the listing: the profile may still be added, its videos listed later. */
  botDetected: boolean;
  /** yt-dlp's own words for a failure, behind a details toggle (the message and suggestion say it for people). */
  details: string | null;
  videos: ExtractedVideo[];
}

export interface ExtractionProgress {
  isComplete: boolean;
  extractedVideos: number;
  step: string;
  result: PreviewResult | null;
}

interface PreviewAnswer {
  existing: boolean;
  success: boolean;
  message: string;
  /** The name as stored (an existing creator's own spelling), else the one asked about. */
  username: string;
}

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);
const count = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);

function readVideos(value: unknown): ExtractedVideo[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    if (!isRecord(entry)) return [];
    const videoId = text(entry.videoId);
    const url = text(entry.url);
    return videoId && url ? [{ videoId, url, valid: entry.valid !== false }] : [];
  });
}

export function readPreviewResult(value: unknown, username: string): PreviewResult | null {
  if (!isRecord(value)) return null;
  return {
    success: value.success === true,
    username: text(value.username) ?? username,
    displayName: text(value.displayName),
    message: text(value.message) ?? "",
    suggestion: text(value.suggestion),
    videosExtracted: count(value.videosExtracted),
    videosProcessed: count(value.videosProcessed),
    videoExtractionFailed: value.videoExtractionFailed === true,
    botDetected: value.botDetected === true,
    details: text(value.details),
    videos: readVideos(value.videos),
  };
}

export function readExtractionProgress(value: unknown, username: string): ExtractionProgress {
  const data = isRecord(value) ? value : {};
  const found = count(data.extractedVideos);
  return {
    isComplete: data.isComplete === true,
    extractedVideos: found,
    step: text(data.step) ?? `Finding videos... (${found} found so far)`,
    result: readPreviewResult(data.result, username),
  };
}

const userPath = (username: string) => encodeURIComponent(username);

/** POST /api/tiktok/preview-profile: whether the username can be added. */
export async function previewProfile(username: string): Promise<PreviewAnswer> {
  const data = await api.post<Json | null>("/api/tiktok/preview-profile", { username });
  return {
    existing: data?.existing === true,
    success: data?.success === true,
    message: text(data?.message) ?? "",
    username: text(data?.username) ?? username,
  };
}

/** Starts the extraction; a `success: false` answer is thrown as an error carrying the server's message. */
export async function startExtraction(username: string): Promise<void> {
  const data = await api.post<Json | null>(`/api/tiktok/extract-user-videos/${userPath(username)}`, EXTRACTION_OPTIONS);
  if (data?.success === false) throw new ApiError(text(data.message) ?? "Failed to extract videos", 200, data);
}

export async function fetchExtractionProgress(username: string): Promise<ExtractionProgress> {
  const data = await api.get<unknown>(`/api/tiktok/extraction-progress/${userPath(username)}`);
  return readExtractionProgress(data, username);
}

/** POST /api/tiktok/confirm-profile with the kept video ids; answers the server's message. */
export async function confirmProfile(username: string, displayName: string | null, videoIds: string[]): Promise<string> {
  const data = await api.post<Json | null>("/api/tiktok/confirm-profile", { username, displayName, videos: videoIds });
  return text(data?.message) ?? "";
}
