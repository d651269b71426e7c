import { describe, expect, it } from "vitest";
import type { ExtractionProgress, ExtractionResult } from "../lib/api-types";
import { EXTRACTION_FAILED, extractionReducer, formatElapsed, handleFromInput, INITIAL_EXTRACTION, isSearching } from "./extraction";

const RESULT: ExtractionResult = {
  success: true,
  username: "dnkhaii",
  displayName: null,
  message: "Found 2 videos for @dnkhaii",
  suggestion: null,
  videosExtracted: 2,
  videosProcessed: 2,
  videoExtractionFailed: false,
  botDetected: false,
  failureCause: null,
  details: null,
  secUid: null,
  videos: [],
};

/** An extraction-progress answer, as the server words it while the listing runs. */
function progress(found: number, over: Partial<ExtractionProgress> = {}): ExtractionProgress {
  const step = `Finding videos... (${found} found so far)`;
  const counts = { extractedVideos: found, totalVideos: found };
  return { jobId: "j1", status: "running", isComplete: false, ...counts, step, result: null, ...over };
}

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
    state = extractionReducer(state, { type: "progress", progress: progress(7), at: 3_000 });
    expect(state.step).toBe("Finding videos... (7 found so far)");
    const done = progress(2, { status: "completed", isComplete: true, step: "Extraction completed!", result: RESULT });
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
    expect(extractionReducer(INITIAL_EXTRACTION, { type: "progress", progress: progress(1), at: 0 })).toBe(INITIAL_EXTRACTION);
    const state = extractionReducer(INITIAL_EXTRACTION, { type: "preview", at: 0 });
    expect(extractionReducer(state, { type: "reset" })).toEqual(INITIAL_EXTRACTION);
  });
});

describe("handleFromInput", () => {
  it("takes the handle from what a visitor types or pastes", () => {
    expect(handleFromInput(" khaby.lame ")).toBe("khaby.lame");
    expect(handleFromInput("@khaby.lame")).toBe("khaby.lame");
    expect(handleFromInput("https://www.tiktok.com/@charlidamelio")).toBe("charlidamelio");
    expect(handleFromInput("https://www.tiktok.com/@charlidamelio?lang=en")).toBe("charlidamelio");
    expect(handleFromInput("tiktok.com/@dnkhaii/video/7481154741926497543")).toBe("dnkhaii");
    expect(handleFromInput("https://m.tiktok.com/@h%C3%A0")).toBe("hà"); // the server refuses what TikTok would
    expect(handleFromInput("https://www.tiktok.com/@bad%E0%A4")).toBe("bad%E0%A4");
    expect(handleFromInput("https://example.com/@someone")).toBe("https://example.com/@someone");
  });
});
