import { describe, expect, it } from "vitest";
import { readHdStatus } from "./hd-download";

describe("readHdStatus", () => {
  it("waits until the download finished or failed", () => {
    const none = { fileUrl: null, error: null };
    expect(readHdStatus({ ...none, status: "queued" })).toEqual({ state: "pending" });
    expect(readHdStatus({ ...none, status: "finished", fileUrl: "/api/download-file?id=3" })).toEqual({
      state: "finished",
      fileUrl: "/api/download-file?id=3",
    });
    expect(readHdStatus({ ...none, status: "finished" })).toEqual({ state: "failed" });
    expect(readHdStatus({ ...none, status: "failed" })).toEqual({ state: "failed" });
    expect(readHdStatus({ ...none, status: "failed", error: "This post is private. Nothing to do." })).toEqual({
      state: "failed",
      error: "This post is private. Nothing to do.",
    });
  });
});
