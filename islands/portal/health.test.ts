import { describe, expect, it } from "vitest";
import { hasTotal, HEALTH_CHECKS, jobProgress, metadataTiers, summaryCounts } from "./health";

const status = {
  total: 40,
  active: 38,
  inactive: 2,
  completeMetadata: 30,
  partialMetadata: 5,
  basicMetadata: 4,
  noMetadata: 1,
  metadataPercentage: 75,
  partialMetadataPercentage: 12.5,
  withMetadata: 35,
  withoutMetadata: 5,
};

describe("health status", () => {
  it("gives each metadata tier its share of all videos", () => {
    expect(metadataTiers(status).map(({ label, count, percent }) => [label, count, percent])).toEqual([
      ["Complete", 30, 75],
      ["Partial", 5, 12.5],
      ["Basic", 4, 10],
      ["None", 1, 2.5],
    ]);
    expect(metadataTiers({ ...status, total: 0 })[0]?.percent).toBe(0);
  });
});

describe("health checks", () => {
  it("offers the spec's two batch sizes", () => {
    expect(HEALTH_CHECKS.map(({ batchSize, label }) => [batchSize, label])).toEqual([
      [50, "Get/Check Latest 50 Videos"],
      [500, "Extract Missing Metadata (500 videos - Basic & None only)"],
    ]);
  });

  it("lists every count of a result", () => {
    expect(summaryCounts({ total: 1200, successful: 1190, failed: 10 })).toEqual([
      "Checked: 1,200",
      "Successful: 1,190",
      "Failed: 10",
      "Available: 0",
      "Unavailable: 0",
      "Metadata extracted: 0",
      "Rate limited: 0",
      "Blocked: 0",
      "Network errors: 0",
      "Unknown errors: 0",
    ]);
  });

  it("shows live progress as checked of total", () => {
    expect(jobProgress({ status: "queued", progress: {} })).toEqual({ text: "Waiting for a worker...", percent: 0 });
    expect(jobProgress({ status: "running", progress: {} })).toEqual({ text: "Starting...", percent: 0 });
    expect(jobProgress({ status: "running", progress: { checked: 12, total: 50 } })).toEqual({
      text: "Checked 12 of 50",
      percent: 24,
    });
  });
});

describe("hasTotal", () => {
  it("is invalid data when the total is missing (spec §8)", () => {
    expect(hasTotal({ ...status, total: undefined } as never)).toBe(false);
    expect(hasTotal(null)).toBe(false);
    expect(hasTotal(status as never)).toBe(true);
  });
});
