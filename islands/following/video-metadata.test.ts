// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FreshMetadata } from "../lib/api-types";
import { stubApiAnswer } from "../test/dom";
import { makeVideo } from "../test/videos";
import { extractVideoMetadata, lacksMetadata, mergeMetadata } from "./video-metadata";

const FRESH: FreshMetadata = {
  title: "Fresh caption #dance",
  description: "Fresh caption #dance",
  duration: 21,
  track: "APT.",
  artist: "ROSÉ & Bruno Mars",
  viewCount: 5_000,
  likeCount: 300,
  commentCount: 12,
  shareCount: 4,
  saveCount: 3,
  uploadDate: "2025-03-13T05:01:13+00:00",
  metadataExtractedAt: "2026-11-22T10:00:00+00:00",
};

describe("lacksMetadata", () => {
  it("is true for the 'basic' and 'none' tiers: no title, or no duration", () => {
    expect(lacksMetadata(makeVideo(1))).toBe(false);
    expect(lacksMetadata(makeVideo(1, { title: null }))).toBe(true);
    expect(lacksMetadata(makeVideo(1, { title: "  " }))).toBe(true);
    expect(lacksMetadata(makeVideo(1, { duration: null }))).toBe(true);
    expect(lacksMetadata(makeVideo(1, { duration: 0 }))).toBe(true);
  });

  it("is false once the server has read the video from TikTok, even if TikTok had no caption", () => {
    expect(lacksMetadata(makeVideo(1, { title: null, metadataExtractedAt: "2026-11-22T10:00:00+00:00" }))).toBe(false);
  });
});

describe("mergeMetadata", () => {
  it("lays the fresh fields over the video and keeps its id, creator and trend", () => {
    const stale = makeVideo(1, { title: null, duration: null });
    const merged = mergeMetadata(stale, FRESH);
    expect(merged).toMatchObject({
      videoId: stale.videoId,
      username: stale.username,
      trendInfo: stale.trendInfo,
      title: "Fresh caption #dance",
      description: "Fresh caption #dance",
      duration: 21,
      metadataExtractedAt: FRESH.metadataExtractedAt,
      metadata: { track: "APT.", artist: "ROSÉ & Bruno Mars", viewCount: 5_000, likeCount: 300, commentCount: 12, shareCount: 4 },
    });
    expect(lacksMetadata(merged)).toBe(false);
  });

  it("keeps what the video had where TikTok gave nothing", () => {
    const stale = makeVideo(2, { title: null, duration: 9 });
    const merged = mergeMetadata(stale, { ...FRESH, title: null, description: null, duration: null, track: null, artist: null });
    expect(merged).toMatchObject({ title: null, description: "Dance number 2", duration: 9 });
    expect(merged.metadata).toMatchObject({ track: "Track 2", artist: "Artist 2", description: "Dance number 2" });
  });
});

describe("extractVideoMetadata", () => {
  afterEach(() => vi.unstubAllGlobals());

  function answering(status: number) {
    stubApiAnswer({ success: false, message: "TikTok could not be reached. Try again in a few minutes." }, status);
  }

  it("warns, not errs, when TikTok is out of reach or the video is gone, and errs on anything else", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const status of [404, 502, 503]) {
      answering(status);
      expect(await extractVideoMetadata(makeVideo(status))).toBeNull();
    }
    expect(warn).toHaveBeenCalledTimes(3);
    expect(error).not.toHaveBeenCalled();
    answering(500);
    expect(await extractVideoMetadata(makeVideo(1))).toBeNull();
    expect(error).toHaveBeenCalledTimes(1);
    warn.mockRestore();
    error.mockRestore();
  });
});
