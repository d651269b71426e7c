import { describe, expect, it } from "vitest";
import { readHdStatus } from "./hd-download";

describe("readHdStatus", () => {
  it("waits until the download finished or failed", () => {
    expect(readHdStatus({ status: "queued" })).toEqual({ state: "pending" });
    expect(readHdStatus({ status: "finished", fileUrl: "/api/download-file?id=3" })).toEqual({
      state: "finished",
      fileUrl: "/api/download-file?id=3",
    });
    expect(readHdStatus({ status: "finished", fileUrl: null })).toEqual({ state: "failed" });
    expect(readHdStatus({ status: "failed" })).toEqual({ state: "failed" });
    expect(readHdStatus({ status: "failed", error: "This post is private. Nothing to do." })).toEqual({
      state: "failed",
      error: "This post is private. Nothing to do.",
    });
  });
});
