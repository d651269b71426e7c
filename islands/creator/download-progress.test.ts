import { describe, expect, it } from "vitest";
import { donePercent, readDownloadProgress, type DownloadProgress } from "./download-progress";

const progress = (over: Partial<DownloadProgress> = {}): DownloadProgress => ({
  totalVideos: 10,
  completed: 3,
  errors: 1,
  skippedCount: 2,
  status: "downloading",
  currentVideo: "123",
  error: null,
  ...over,
});

describe("readDownloadProgress", () => {
  it("reads an empty text as none", () => {
    const answer = { totalVideos: 4, completed: 1, errors: 0, skippedCount: 0, currentVideo: "", error: "" };
    expect(readDownloadProgress({ ...answer, status: "downloading" })).toEqual({
      totalVideos: 4,
      completed: 1,
      errors: 0,
      skippedCount: 0,
      status: "downloading",
      currentVideo: null,
      error: null,
    });
  });
});

describe("donePercent", () => {
  it("counts completed plus skipped over the total", () => {
    expect(donePercent(progress())).toBe(50);
    expect(donePercent(progress({ totalVideos: 0, status: "completed" }))).toBe(100);
    expect(donePercent(progress({ totalVideos: 0 }))).toBe(0);
  });
});
