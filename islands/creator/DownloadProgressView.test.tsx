// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { render, type Rendered } from "../test/dom";
import { DownloadProgressView } from "./DownloadProgressView";

let rendered: Rendered | null = null;

afterEach(() => {
  rendered?.unmount();
  rendered = null;
});

const BLOCKED = "TikTok is blocking this server's address.";

describe("DownloadProgressView", () => {
  it("says why a batch stopped, even when it stopped before any video failed", () => {
    const progress = { totalVideos: 3, completed: 0, errors: 0, skippedCount: 0, status: "error" as const, currentVideo: null, error: BLOCKED };
    rendered = render(<DownloadProgressView progress={progress} />);
    expect(rendered.container.querySelector(".creator-download-reason")?.textContent).toBe(BLOCKED);
  });

  it("says nothing more while all goes well", () => {
    const progress = { totalVideos: 3, completed: 1, errors: 0, skippedCount: 0, status: "downloading" as const, currentVideo: "7", error: null };
    rendered = render(<DownloadProgressView progress={progress} />);
    expect(rendered.container.querySelector(".creator-download-reason")).toBeNull();
  });
});
