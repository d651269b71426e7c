// @vitest-environment jsdom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CreatorDownloadProgress } from "../lib/api-types";
import { buttonNamed, click, jsonResponse, render, waitFor, type Rendered } from "../test/dom";
import { routedFetch } from "../ui/test-support";
import { AdminActions } from "./AdminActions";
import { DOWNLOAD_POLL_MS } from "./download-progress";

vi.mock("../lib/context", () => ({
  getAppContext: () => ({ user: { username: "boss", role: "admin" }, csrfToken: "csrf", brand: "Danza" }),
}));

const ACTIVE = "GET /api/active-downloads/mia";
const START = "POST /api/download-user-videos/mia";
const POLL = "GET /api/download-progress/run-1";

function progress(status: CreatorDownloadProgress["status"], completed: number): { success: true; progress: CreatorDownloadProgress } {
  const counts = { totalVideos: 2, completed, errors: 0, skippedCount: 0, currentVideo: null, error: null };
  return { success: true, progress: { progressId: "run-1", username: "mia", status, ...counts } };
}

let rendered: Rendered | null = null;
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const buttons = () => ({ downloadAll: buttonNamed(document.body, "Download All"), remove: buttonNamed(document.body, "Delete") });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true }); // requests settle on their own; the 2 s between polls is skipped
});

afterEach(() => {
  rendered?.unmount();
  rendered = null;
  vi.useRealTimers();
});

describe("AdminActions", () => {
  it("keeps Delete disabled while Download All runs, and enables it again when the download ends", async () => {
    let polled = progress("downloading", 1);
    vi.stubGlobal(
      "fetch",
      routedFetch({
        [ACTIVE]: () => jsonResponse({ success: true, activeDownload: null }),
        [START]: () => jsonResponse({ success: true, message: "Started", progressId: "run-1", totalVideos: 2, skippedCount: 0 }),
        [POLL]: () => jsonResponse(polled),
      }).fetch,
    );
    rendered = render(<AdminActions username="mia" showDownloads />);
    expect(buttons().remove.disabled).toBe(false);

    click(buttons().downloadAll);
    await waitFor(() => expect(document.body.textContent).toContain("Status: starting"));
    expect(buttons().downloadAll.disabled).toBe(true);
    expect(buttons().remove.disabled).toBe(true);
    await advance(DOWNLOAD_POLL_MS);
    await waitFor(() => expect(document.body.textContent).toContain("Status: downloading"));
    expect(buttons().remove.disabled).toBe(true);

    polled = progress("completed", 2);
    await advance(DOWNLOAD_POLL_MS);
    await waitFor(() => expect(document.body.textContent).toContain("Status: completed"));
    expect(buttons().downloadAll.disabled).toBe(false);
    expect(buttons().remove.disabled).toBe(false);
  });

  it("keeps Delete disabled while a download found on opening the page runs", async () => {
    vi.stubGlobal(
      "fetch",
      routedFetch({
        [ACTIVE]: () => jsonResponse({ success: true, activeDownload: progress("downloading", 1).progress }),
        [POLL]: () => jsonResponse(progress("downloading", 1)),
      }).fetch,
    );
    rendered = render(<AdminActions username="mia" showDownloads />);
    await waitFor(() => expect(document.body.textContent).toContain("Status: downloading"));
    expect(buttons().downloadAll.disabled).toBe(true);
    expect(buttons().remove.disabled).toBe(true);
  });
});
