import { describe, expect, it } from "vitest";
import { EXTRACTION_FAILED, extractionReducer, formatElapsed, INITIAL_EXTRACTION, isSearching } from "./extraction";
import { readExtractionProgress, type PreviewResult } from "./profile-api";

const RESULT: PreviewResult = {
  success: true,
  username: "dnkhaii",
  displayName: null,
  message: "Found 2 videos for @dnkhaii",
  suggestion: null,
  videosExtracted: 2,
  videosProcessed: 2,
  videoExtractionFailed: false,
  botDetected: false,
  details: null,
  videos: [],
};

describe("formatElapsed", () => {
  it("shows seconds under a minute and minutes with seconds after", () => {
    expect(formatElapsed(0)).toBe("0s");
    expect(formatElapsed(59_999)).toBe("59s");
    expect(formatElapsed(60_000)).toBe("1m 0s");
    expect(formatElapsed(125_400)).toBe("2m 5s");
    expect(formatElapsed(-5)).toBe("0s");
  });
});

describe("extractionReducer", () => {
  it("runs preview → extracting → completed, keeping the start time", () => {
    let state = extractionReducer(INITIAL_EXTRACTION, { type: "preview", at: 1_000 });
    expect(isSearching(state)).toBe(true);
    expect(state.step).toBeNull();
    state = extractionReducer(state, { type: "extract", at: 2_000 });
    expect(state.startedAt).toBe(1_000);
    expect(state.step).toBe("Finding videos... (0 found so far)");
    const running = readExtractionProgress({ isComplete: false, extractedVideos: 7 }, "dnkhaii");
    state = extractionReducer(state, { type: "progress", progress: running, at: 3_000 });
    expect(state.step).toBe("Finding videos... (7 found so far)");
    const done = { isComplete: true, extractedVideos: 2, step: "Extraction completed!", result: RESULT };
    state = extractionReducer(state, { type: "progress", progress: done, at: 4_000 });
    expect(state).toMatchObject({ phase: "done", step: "Extraction completed!", finishedAt: 4_000, result: RESULT });
    expect(isSearching(state)).toBe(false);
  });

  it("marks a failed extraction and keeps a preview failure off the progress panel", () => {
    const previewing = extractionReducer(INITIAL_EXTRACTION, { type: "preview", at: 0 });
    const refused = extractionReducer(previewing, { type: "fail", message: "exists", at: 1 });
    expect(refused).toMatchObject({ phase: "idle", step: null, error: "exists" });
    const extracting = extractionReducer(previewing, { type: "extract", at: 1 });
    const failed = extractionReducer(extracting, { type: "fail", message: "Failed to find videos", at: 2 });
    expect(failed).toMatchObject({ phase: "idle", step: EXTRACTION_FAILED, error: "Failed to find videos" });
  });

  it("ignores progress once the search ended, and resets", () => {
    const done = { isComplete: false, extractedVideos: 1, step: "x", result: null };
    expect(extractionReducer(INITIAL_EXTRACTION, { type: "progress", progress: done, at: 0 })).toBe(INITIAL_EXTRACTION);
    const state = extractionReducer(INITIAL_EXTRACTION, { type: "preview", at: 0 });
    expect(extractionReducer(state, { type: "reset" })).toEqual(INITIAL_EXTRACTION);
  });
});

describe("readExtractionProgress", () => {
  it("reads the result and its videos, dropping malformed entries", () => {
    const progress = readExtractionProgress(
      {
        isComplete: true,
        extractedVideos: 2,
        step: "Extraction completed!",
        result: { ...RESULT, videos: [{ videoId: "1", url: "https://t/1", valid: true }, { videoId: 2 }] },
      },
      "dnkhaii",
    );
    expect(progress.result?.videos).toEqual([{ videoId: "1", url: "https://t/1", valid: true }]);
  });
});
