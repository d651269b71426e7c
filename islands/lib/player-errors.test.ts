// @vitest-environment node
import { describe, expect, it } from "vitest";
import { classifyPlayerError } from "./player-errors";

describe("classifyPlayerError", () => {
  it.each([
    [{ errorCode: 1004 }, "Video embed failed - this video may be restricted or unavailable", 4_000],
    [{ errorCode: "1004" }, "Video embed failed - this video may be restricted or unavailable", 4_000],
    [{ errorCode: 1001 }, "Video not found or has been removed", null],
    [{ errorCode: 1002 }, "Video is private or restricted", null],
    [{ errorCode: 1003 }, "Video region is not supported", null],
    [{ errorType: "player_sdk_error" }, "TikTok player error - video may be temporarily unavailable", 3_000],
    [{ errorCode: "player_sdk_error" }, "TikTok player error - video may be temporarily unavailable", 3_000],
    [{ errorCode: 2001, errorType: "server" }, "Video temporarily unavailable", null],
    [undefined, "Video temporarily unavailable", null],
    [1001, "Video not found or has been removed", null],
  ])("%j → %s", (value, message, retryDelayMs) => {
    expect(classifyPlayerError(value)).toEqual({ kind: "failure", failure: { message, retryDelayMs } });
  });

  it("falls back to muted play when autoplay with sound was refused (3002)", () => {
    expect(classifyPlayerError({ errorCode: 3002, errorType: "autoplay" })).toEqual({ kind: "muted-fallback" });
    expect(classifyPlayerError({ errorCode: "3002" })).toEqual({ kind: "muted-fallback" });
  });

  it("ignores errors about video id 0", () => {
    expect(classifyPlayerError({ errorCode: 1001, videoId: "0" })).toEqual({ kind: "ignore" });
    expect(classifyPlayerError({ errorCode: 1001, video_id: 0 })).toEqual({ kind: "ignore" });
    expect(classifyPlayerError({ errorCode: 1004, message: "invalid video id: 0" })).toEqual({ kind: "ignore" });
    expect(classifyPlayerError({ errorCode: 1004, message: "video id 0123 not found" }).kind).toBe("failure");
  });
});
