// The API's types as the islands name them: each one is the server's declared model (lib/api-schema.ts, generated
// from /api/openapi.json by `make api-types`), so an answer's type changes with the API and cannot drift from it.
import type { components } from "./api-schema";

type Schemas = components["schemas"];

/** An answer by the name of its model in /api/openapi.json, for answers read in one place: Answer<"VideoPage">. */
export type Answer<Model extends keyof Schemas> = Schemas[Model];

/** A request body by the name of its model in /api/openapi.json: RequestBody<"ProfileBody">. */
export type RequestBody<Model extends keyof Schemas> = Schemas[Model];

// The catalog
export type Video = Schemas["VideoOut"];
/** Spec §3 Trend; a video's trendInfo is one too. */
export type Trend = Schemas["TrendOut"];
/** A hashtag with its video count; `hashtag` has its '#'. */
export type Hashtag = Schemas["HashtagCount"];
export type Playlist = Schemas["PlaylistOut"];
export type CreatorProfile = Schemas["CreatorProfile"];
/** A creator named in a list: the viewer's followed creators, suggestions. */
export type CreatorRef = Schemas["CreatorRef"];
/** A video's metadata as read from TikTok just now. */
export type FreshMetadata = Schemas["FreshMetadata"];

// Accounts
export type User = Schemas["UserOut"];
export type ProfileVisibility = User["profileVisibility"];
export type TwoFactorSetup = Schemas["TwoFactorSetup"];
export type PlayerSettings = Schemas["PlayerSettings"];

// Adding a TikTok profile, and downloads
export type ExtractedVideo = Schemas["ExtractedVideo"];
/** The 'Profile Preview Results' of a finished extraction. */
export type ExtractionResult = Schemas["ExtractionResult"];
export type ExtractionProgress = Schemas["ExtractionProgress"];
/** A creator's Download All, as the server counts it. */
export type CreatorDownloadProgress = Schemas["CreatorDownloadProgress"];
/** One video's HD download. */
export type DownloadState = Schemas["DownloadState"];

// The developer portal
export type CatalogCounts = Schemas["CatalogCounts"];
export type MonitoredCreator = Schemas["MonitoredCreator"];
export type VideoReport = Schemas["ReportOut"];
export type ReportStats = Schemas["ReportStats"];
export type HealthStatus = Schemas["HealthStatus"];
export type HealthCheck = Schemas["HealthCheck"];
export type HealthCheckSummary = Schemas["CheckSummary"];
export type TikTokStatus = Schemas["TikTokStatus"];
/** The daily canary listing of the TikTok status. */
export type Canary = Schemas["Canary"];
export type Upload = Schemas["UploadOut"];
export type ContactMessage = Schemas["ContactMessageOut"];
