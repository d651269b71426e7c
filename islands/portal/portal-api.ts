import { ApiError, api } from "../lib/api";
import type { Answer, Video } from "../lib/api-types";
import type { PlayerSettings } from "../lib/player-settings";
import { playableVideos } from "../player/video";
import type { HealthCheckJob, HealthStatus } from "./health";
import type { ReportFilter, ReportStatus } from "./reports";
import type { TikTokStatus } from "./tiktok-status";

export interface CatalogStats {
  totalUsernames: number;
  activeUsernames: number;
  totalVideos: number;
  activeVideos: number;
}

export interface MonitoredUsername {
  username: string;
  displayName: string | null;
  isActive: boolean;
  videoCount: number;
}

export interface VideoReport {
  _id: string;
  username: string;
  videoId: string;
  reason: string;
  status: ReportStatus;
  createdAt: string;
  reportedBy: { username: string; email: string } | null;
  reportedByIp: string | null;
  reviewedBy: { username: string } | null;
  reviewedAt: string | null;
  notes: string;
}

export interface ReportPage {
  reports: VideoReport[];
  pagination: { page: number; limit: number; total: number; pages: number };
}

export interface ReportStats {
  statusBreakdown: Record<ReportStatus, number>;
  totalReports: number;
  recentReports: number;
}

export interface UploadEntry {
  _id: string;
  title: string;
  description: string;
  category: string;
  tags: string;
  visibility: string;
  originalName: string;
  sizeBytes: number;
  status: string;
  hasThumbnail: boolean;
  createdAt: string;
}

export interface ContactMessage {
  _id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
}

/** The paging fields every admin list answers with. */
export interface PageInfo {
  total: number;
  page: number;
  totalPages: number;
}

export const REPORTS_PER_PAGE = 20;
export const USERNAMES_LIMIT = 500;
export const INBOX_PAGE_SIZE = 10;

const segment = encodeURIComponent;

export async function fetchStats(signal?: AbortSignal): Promise<CatalogStats> {
  const data = await api.get<{ stats: CatalogStats }>("/api/tiktok/stats", { signal });
  return data.stats;
}

export function fetchUsernames(page: number, signal?: AbortSignal) {
  return api.get<{ usernames: MonitoredUsername[] } & PageInfo>(
    `/api/tiktok/usernames?limit=${USERNAMES_LIMIT}&page=${page}`,
    { signal },
  );
}

export function deleteUsername(username: string) {
  return api.delete<{ success: boolean; message: string; videosDeleted: number }>(
    `/api/tiktok/usernames/${segment(username)}`,
  );
}

export function fetchReports(status: ReportFilter, page: number, signal?: AbortSignal) {
  return api.get<ReportPage>(`/api/admin/video-reports?status=${status}&page=${page}&limit=${REPORTS_PER_PAGE}`, {
    signal,
  });
}

export function fetchReportStats(signal?: AbortSignal) {
  return api.get<ReportStats>("/api/admin/video-reports/stats", { signal });
}

export function updateReport(id: string, status: ReportStatus, notes: string) {
  return api.put<{ success: boolean; message: string; report: VideoReport }>(
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
  return api.get<Partial<HealthStatus>>("/api/tiktok/videos/enhanced-health-status", { signal });
}

export function resetMetadataCounts() {
  return api.get<Partial<HealthStatus>>("/api/tiktok/videos/reset-metadata-counts");
}

export const HEALTH_CHECK_DELAY_MS = 1000;

export function startHealthCheck(batchSize: 50 | 500) {
  return api.post<{ success: boolean; jobId: string; status: string }>("/api/tiktok/videos/enhanced-health-check", {
    batchSize,
    delayBetweenRequests: HEALTH_CHECK_DELAY_MS,
  });
}

export function fetchHealthCheck(jobId: string, signal?: AbortSignal) {
  return api.get<HealthCheckJob>(`/api/tiktok/videos/enhanced-health-check/${segment(jobId)}`, { signal });
}

/** The newest health check of any admin, so a result (or a run in progress) outlives a reload; null when none. */
export async function fetchLatestHealthCheck(signal?: AbortSignal): Promise<HealthCheckJob | null> {
  try {
    return await api.get<HealthCheckJob>("/api/tiktok/videos/enhanced-health-check/latest", { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function fetchTikTokStatus(signal?: AbortSignal) {
  return api.get<TikTokStatus>("/api/admin/tiktok-status", { signal });
}

export function startTikTokCanary() {
  return api.post<{ success: boolean; jobId: string; status: string }>("/api/admin/tiktok-status/canary");
}

export function saveGlobalPlayerSettings(settings: PlayerSettings) {
  return api.put<PlayerSettings>("/api/player-settings/global", settings);
}

export function resetGlobalPlayerSettings() {
  return api.post<PlayerSettings>("/api/player-settings/global/reset");
}

export function fetchUploads(page: number, signal?: AbortSignal) {
  return api.get<{ uploads: UploadEntry[] } & PageInfo>(
    `/api/admin/uploads?page=${page}&limit=${INBOX_PAGE_SIZE}`,
    { signal },
  );
}

export function uploadFileUrl(id: string): string {
  return `/api/admin/uploads/${segment(id)}/file`;
}

export function deleteUpload(id: string) {
  return api.delete<{ success: boolean; message: string }>(`/api/admin/uploads/${segment(id)}`);
}

export function fetchContactMessages(page: number, signal?: AbortSignal) {
  return api.get<{ messages: ContactMessage[] } & PageInfo>(
    `/api/admin/contact-messages?page=${page}&limit=${INBOX_PAGE_SIZE}`,
    { signal },
  );
}
