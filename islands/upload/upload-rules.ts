import { ErrorCode, type Accept, type FileError } from "react-dropzone";
import { t } from "../lib/i18n";

export const MAX_VIDEO_BYTES = 104_857_600;
export const VIDEO_EXTENSIONS = [".mp4", ".avi", ".mov", ".wmv", ".flv", ".webm"] as const;
export const VIDEO_ACCEPT: Accept = { "video/*": VIDEO_EXTENSIONS };
export const IGNORED_FILE_NAMES: ReadonlySet<string> = new Set([".DS_Store", "Thumbs.db"]);

export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 5000;
export const TAGS_MAX = 500;
export const UPLOAD_CATEGORIES = [
  "entertainment",
  "music",
  "gaming",
  "education",
  "sports",
  "technology",
  "travel",
  "food",
  "fitness",
  "art",
] as const;
export type UploadCategory = (typeof UPLOAD_CATEGORIES)[number];
export const VISIBILITIES = ["public", "unlisted", "private"] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export interface UploadDetails {
  title: string;
  description: string;
  category: string;
  tags: string;
  visibility: Visibility;
}

export type UploadField = keyof UploadDetails | "video" | "thumbnail";
export type UploadErrors = Partial<Record<UploadField, string>>;

export const EMPTY_DETAILS: UploadDetails = { title: "", description: "", category: "", tags: "", visibility: "public" };

/** The same checks the server makes, with its texts, so most mistakes show before anything is sent. */
export function validateUpload(details: UploadDetails, video: File | null): UploadErrors {
  const errors: UploadErrors = {};
  if (!video) errors.video = t("Choose a video file to upload");
  if (!details.title.trim()) errors.title = t("Title is required");
  else if (details.title.length > TITLE_MAX) errors.title = t("Title must be at most {max} characters long", { max: TITLE_MAX });
  if (details.description.length > DESCRIPTION_MAX) {
    errors.description = t("Description must be at most {max} characters long", { max: DESCRIPTION_MAX });
  }
  if (details.tags.length > TAGS_MAX) errors.tags = t("Tags must be at most {max} characters long", { max: TAGS_MAX });
  return errors;
}

export function hasUploadErrors(errors: UploadErrors): boolean {
  return Object.values(errors).some(Boolean);
}

/** Files a drop or pick should pass over silently (spec §5): folder litter from macOS and Windows. */
export function isIgnoredFile(item: File | DataTransferItem): boolean {
  return item instanceof File && IGNORED_FILE_NAMES.has(item.name);
}

export interface SizeLimits {
  maxSize: number;
  minSize?: number;
}

// react-dropzone writes 'File type must be one of video/*, .mp4, ...' (or 'File type must be video/*' for one type).
function invalidTypeMessage(message: string): string {
  const oneOf = /^File type must be one of (.*)$/.exec(message);
  if (oneOf) return t("File type must be one of {types}", { types: oneOf[1]! });
  const single = /^File type must be (.*)$/.exec(message);
  return single ? t("File type must be {types}", { types: single[1]! }) : message;
}

/**
 * react-dropzone's own texts, except that sizes read in bytes as the spec words them
 * ('File is larger than 104857600 bytes') where the library would write '100 MB'.
 */
export function dropErrorMessage(error: FileError, { maxSize, minSize = 0 }: SizeLimits): string {
  if (error.code === ErrorCode.FileTooLarge) return t("File is larger than {size} bytes", { size: maxSize });
  if (error.code === ErrorCode.FileTooSmall) return t("File is smaller than {size} bytes", { size: minSize });
  if (error.code === ErrorCode.TooManyFiles) return t("Too many files");
  if (error.code === ErrorCode.FileInvalidType) return invalidTypeMessage(error.message);
  return error.message;
}

/** The progress panel's line (spec §4 'Upload'): complete only once the server has the video. */
export function uploadStatusText(complete: boolean): string {
  return complete ? t("Upload complete!") : t("Uploading your video...");
}

/** The form fields as the server reads them (multipart), files included. */
export function uploadFormData(details: UploadDetails, video: File, thumbnail: File | null): FormData {
  const form = new FormData();
  form.append("video", video, video.name);
  if (thumbnail) form.append("thumbnail", thumbnail, thumbnail.name);
  form.append("title", details.title.trim());
  form.append("description", details.description);
  form.append("category", details.category);
  form.append("tags", details.tags);
  form.append("visibility", details.visibility);
  return form;
}
