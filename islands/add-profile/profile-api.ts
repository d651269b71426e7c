import { api, ApiError, postAsThePageGoes } from "../lib/api";
import type { Answer, ExtractionProgress } from "../lib/api-types";

/** Spec §9: the extraction request's limits. */
export const EXTRACTION_OPTIONS = { maxVideos: 10_000, pageSize: 50, includeMetadata: true, saveToDatabase: false } as const;

const userPath = (username: string) => encodeURIComponent(username);

/** POST /api/tiktok/preview-profile: whether the username can be added; `username` is the name as stored (an
 * existing creator's own spelling), else the one asked about. */
export function previewProfile(username: string): Promise<Answer<"ProfilePreview">> {
  return api.post<Answer<"ProfilePreview">>("/api/tiktok/preview-profile", { username });
}

/** Starts the extraction; a `success: false` answer is thrown as an error carrying the server's message. */
export async function startExtraction(username: string): Promise<void> {
  const data = await api.post<Answer<"ExtractionStarted">>(
    `/api/tiktok/extract-user-videos/${userPath(username)}`,
    EXTRACTION_OPTIONS,
  );
  if (!data.success) throw new ApiError(data.message, 200, data);
}

export function fetchExtractionProgress(username: string): Promise<ExtractionProgress> {
  return api.get<ExtractionProgress>(`/api/tiktok/extraction-progress/${userPath(username)}`);
}

/** Tells the server this screen no longer follows the search, so a search nobody waits for stops (a reloaded
 * screen follows it again in time); sent as the page goes, so nothing waits for the answer. */
export function leaveExtraction(username: string): void {
  postAsThePageGoes(`/api/tiktok/extraction-progress/${userPath(username)}/left`);
}

/** POST /api/tiktok/confirm-profile with the kept video ids; answers the server's message. */
export async function confirmProfile(username: string, displayName: string | null, videoIds: string[]): Promise<string> {
  const data = await api.post<Answer<"ProfileConfirmed">>("/api/tiktok/confirm-profile", {
    username,
    displayName,
    videos: videoIds,
  });
  return data.message;
}
