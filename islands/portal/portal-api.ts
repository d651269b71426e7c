import { api } from "../lib/api";
import type {
  Answer,
  CatalogCounts,
  HealthCheck,
  HealthStatus,
  PlayerSettings,
  ReportStats,
  TikTokStatus,
  Video,
} from "../lib/api-types";
import { playableVideos } from "../lib/video";
import type { ReportFilter, ReportStatus } from "./reports";

export const REPORTS_PER_PAGE = 20;
export const USERNAMES_LIMIT = 50;
export const INBOX_PAGE_SIZE = 10;

const segment = encodeURIComponent;

export async function fetchStats(signal?: AbortSignal): Promise<CatalogCounts> {
  const data = await api.get<Answer<"CatalogStats">>("/api/tiktok/stats", { signal });
  return data.stats;
}

/** A page of monitored usernames; a search keeps those whose handle or display name contains it. */
export function fetchUsernames(page: number, search: string, signal?: AbortSignal) {
  const filter = search ? `&search=${encodeURIComponent(search)}` : "";
  return api.get<Answer<"MonitoredCreatorPage">>(`/api/tiktok/usernames?limit=${USERNAMES_LIMIT}&page=${page}${filter}`, {
    signal,
  });
}

export function deleteUsername(username: string) {
  return api.delete<Answer<"DeletedCreator">>(
    `/api/tiktok/usernames/${segment(username)}`,
  );
}

export function fetchReports(status: ReportFilter, page: number, signal?: AbortSignal) {
  return api.get<Answer<"ReportList">>(`/api/admin/video-reports?status=${status}&page=${page}&limit=${REPORTS_PER_PAGE}`, {
    signal,
  });
}

export function fetchReportStats(signal?: AbortSignal) {
  return api.get<ReportStats>("/api/admin/video-reports/stats", { signal });
}

export function updateReport(id: string, status: ReportStatus, notes: string) {
  return api.put<Answer<"ReviewedReport">>(
    `/api/admin/video-reports/${segment(id)}`,
    { status, notes },
  );
}

/** The reported video, or null when it is missing or no longer active. */
export async function fetchReportedVideo(videoId: string, signal?: AbortSignal): Promise<Video | null> {
  const data = await api.get<Answer<"VideoPage">>(`/api/tiktok/videos?limit=1&videoId=${segment(videoId)}`, { signal });
  return playableVideos(data.videos)[0] ?? null;
}

export function fetchHealthStatus(signal?: AbortSignal) {
  return api.get<HealthStatus>("/api/tiktok/videos/enhanced-health-status", { signal });
}

export function resetMetadataCounts() {
  return api.get<HealthStatus>("/api/tiktok/videos/reset-metadata-counts");
}

export const HEALTH_CHECK_DELAY_MS = 1000;

export function startHealthCheck(batchSize: 50 | 500) {
  return api.post<Answer<"QueuedJob">>("/api/tiktok/videos/enhanced-health-check", {
    batchSize,
    delayBetweenRequests: HEALTH_CHECK_DELAY_MS,
  });
}

export function fetchHealthCheck(jobId: string, signal?: AbortSignal) {
  return api.get<HealthCheck>(`/api/tiktok/videos/enhanced-health-check/${segment(jobId)}`, { signal });
}

/** The newest health check of any admin, so a result (or a run in progress) outlives a reload; null when none. */
export async function fetchLatestHealthCheck(signal?: AbortSignal): Promise<HealthCheck | null> {
  const answer = await api.get<Answer<"LatestHealthCheck">>("/api/tiktok/videos/enhanced-health-check/latest", { signal });
  return answer.check;
}

export function fetchTikTokStatus(signal?: AbortSignal) {
  return api.get<TikTokStatus>("/api/admin/tiktok-status", { signal });
}

export function startTikTokCanary() {
  return api.post<Answer<"QueuedJob">>("/api/admin/tiktok-status/canary");
}

export function saveGlobalPlayerSettings(settings: PlayerSettings) {
  return api.put<PlayerSettings>("/api/player-settings/global", settings);
}

export function resetGlobalPlayerSettings() {
  return api.post<PlayerSettings>("/api/player-settings/global/reset");
}

export function fetchUploads(page: number, signal?: AbortSignal) {
  return api.get<Answer<"UploadPage">>(
    `/api/admin/uploads?page=${page}&limit=${INBOX_PAGE_SIZE}`,
    { signal },
  );
}

export function uploadFileUrl(id: string): string {
  return `/api/admin/uploads/${segment(id)}/file`;
}

export function deleteUpload(id: string) {
  return api.delete<Answer<"Message">>(`/api/admin/uploads/${segment(id)}`);
}

export function fetchContactMessages(page: number, signal?: AbortSignal) {
  return api.get<Answer<"ContactMessagePage">>(
    `/api/admin/contact-messages?page=${page}&limit=${INBOX_PAGE_SIZE}`,
    { signal },
  );
}
