import { ErrorCode } from "react-dropzone";
import { describe, expect, it } from "vitest";
import {
  EMPTY_DETAILS,
  MAX_VIDEO_BYTES,
  UPLOAD_CATEGORIES,
  dropErrorMessage,
  hasUploadErrors,
  isIgnoredFile,
  uploadFormData,
  uploadStatusText,
  validateUpload,
} from "./upload-rules";

const video = new File(["\x00\x00\x00\x18ftypmp42"], "clip.mp4", { type: "video/mp4" });

describe("validateUpload", () => {
  it("needs a video and a title", () => {
    expect(validateUpload(EMPTY_DETAILS, null)).toEqual({
      video: "Choose a video file to upload",
      title: "Title is required",
    });
    expect(validateUpload({ ...EMPTY_DETAILS, title: "   " }, video)).toEqual({ title: "Title is required" });
    expect(hasUploadErrors(validateUpload({ ...EMPTY_DETAILS, title: "Routine" }, video))).toBe(false);
  });

  it("limits the title to 100, the description to 5000 and the tags to 500 characters", () => {
    const long = { title: "t".repeat(101), description: "d".repeat(5001), tags: "g".repeat(501) };
    expect(validateUpload({ ...EMPTY_DETAILS, ...long }, video)).toEqual({
      title: "Title must be at most 100 characters long",
      description: "Description must be at most 5000 characters long",
      tags: "Tags must be at most 500 characters long",
    });
    const longest = { title: "t".repeat(100), description: "d".repeat(5000), tags: "g".repeat(500) };
    expect(validateUpload({ ...EMPTY_DETAILS, ...longest }, video)).toEqual({});
  });

  it("offers the spec's ten categories", () => {
    expect(UPLOAD_CATEGORIES).toHaveLength(10);
    expect(EMPTY_DETAILS).toMatchObject({ category: "", visibility: "public" });
  });
});

describe("drop errors", () => {
  it("words sizes in bytes and keeps react-dropzone's other texts", () => {
    const limits = { maxSize: MAX_VIDEO_BYTES, minSize: 10 };
    expect(dropErrorMessage({ code: ErrorCode.FileTooLarge, message: "File is larger than 100 MB" }, limits)).toBe(
      "File is larger than 104857600 bytes",
    );
    expect(dropErrorMessage({ code: ErrorCode.FileTooSmall, message: "File is smaller than 10 bytes" }, limits)).toBe(
      "File is smaller than 10 bytes",
    );
    expect(dropErrorMessage({ code: ErrorCode.TooManyFiles, message: "Too many files" }, limits)).toBe("Too many files");
    expect(dropErrorMessage({ code: ErrorCode.FileInvalidType, message: "File type must be one of .mp4, .avi" }, limits)).toBe(
      "File type must be one of .mp4, .avi",
    );
  });

  it("passes over .DS_Store and Thumbs.db", () => {
    expect(isIgnoredFile(new File([""], ".DS_Store"))).toBe(true);
    expect(isIgnoredFile(new File([""], "Thumbs.db"))).toBe(true);
    expect(isIgnoredFile(video)).toBe(false);
  });
});

describe("the upload itself", () => {
  it("says 'Upload complete!' only once the server has the video", () => {
    expect(uploadStatusText(false)).toBe("Uploading your video...");
    expect(uploadStatusText(true)).toBe("Upload complete!");
  });

  it("sends the fields the server reads, the title trimmed and the thumbnail only when chosen", () => {
    const details = { title: " Routine ", description: "New", category: "music", tags: "a, b", visibility: "private" as const };
    const form = uploadFormData(details, video, null);
    expect(form.get("title")).toBe("Routine");
    expect(form.get("visibility")).toBe("private");
    expect(form.get("tags")).toBe("a, b");
    expect((form.get("video") as File).name).toBe("clip.mp4");
    expect(form.has("thumbnail")).toBe(false);
    const withThumbnail = uploadFormData(details, video, new File(["png"], "cover.png", { type: "image/png" }));
    expect((withThumbnail.get("thumbnail") as File).name).toBe("cover.png");
  });
});
