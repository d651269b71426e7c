// @vitest-environment jsdom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { VideoReport } from "../lib/api-types";
import { emitAppEvent, onAppEvent } from "../lib/events";
import { GLOBAL_DEFAULT_PLAYER_SETTINGS, LOCAL_PLAYER_SETTINGS_KEY } from "../lib/player-settings";
import { buttonNamed, click, jsonResponse, render, typeInto, waitFor, type Rendered } from "../test/dom";
import { changeValue, routedFetch } from "../ui/test-support";
import { HealthChecker } from "./HealthChecker";
import { PlayerSettingsPanel } from "./PlayerSettingsPanel";
import { ReportReviewDialog } from "./ReportReviewDialog";
import { ReportsPanel } from "./ReportsPanel";
import { UsernamesDialog } from "./UsernamesDialog";

vi.mock("../lib/context", () => ({
  getAppContext: () => ({
    user: { username: "boss", role: "admin" },
    csrfToken: "csrf",
    brand: "Danza",
    playerOrigin: "https://www.tiktok.com",
    playerSettings: { controls: true, loop: false },
  }),
}));

const report: VideoReport = {
  _id: "7",
  username: "mia",
  videoId: "7300000000000000001",
  reason: "Video unavailable",
  status: "pending",
  createdAt: "2026-01-05T14:03:00Z",
  reportedBy: { username: "fan", email: "fan@example.com" },
  reportedByIp: "203.0.113.9",
  reviewedBy: null,
  reviewedAt: null,
  notes: "Earlier note",
};
const VIDEO_URL = `GET /api/tiktok/videos?limit=1&videoId=${report.videoId}`;
const EMPTY_STATS = { statusBreakdown: { pending: 0, reviewed: 0, approved: 0, rejected: 0 }, totalReports: 0, recentReports: 0 };

let rendered: Rendered | null = null;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function text(): string {
  return document.body.textContent ?? "";
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  rendered?.unmount();
  rendered = null;
  document.body.innerHTML = "";
  localStorage.clear();
});

describe("ReportReviewDialog", () => {
  it("shows the report, a missing video's id, and 'Updating...' while a decision is saved", async () => {
    const answer = deferred<Response>();
    const { fetch, calls } = routedFetch({
      [VIDEO_URL]: () => jsonResponse({ videos: [] }),
      "PUT /api/admin/video-reports/7": () => answer.promise,
    });
    vi.stubGlobal("fetch", fetch);
    const onReviewed = vi.fn();
    rendered = render(<ReportReviewDialog report={report} onClose={() => {}} onReviewed={onReviewed} />);

    expect(text()).toContain("Loading video...");
    await waitFor(() => expect(text()).toContain("Video not found or unavailable"));
    expect(text()).toContain(`Video ID: ${report.videoId}`);
    for (const detail of ["Report Details", "@mia", "Video unavailable", "Pending", "fan@example.com", "203.0.113.9"]) {
      expect(text()).toContain(detail);
    }
    const notes = document.querySelector<HTMLTextAreaElement>("textarea")!;
    expect(notes.value).toBe("Earlier note");
    expect(notes.placeholder).toBe("Add notes about this report...");
    changeValue(notes, "Gone from TikTok");

    click(buttonNamed(document.body, "Mark Reviewed"));
    const buttons = Array.from(document.querySelectorAll<HTMLButtonElement>(".review-actions button"));
    expect(buttons.map((button) => [button.textContent, button.disabled])).toEqual([
      ["Updating...", true],
      ["Updating...", true],
      ["Updating...", true],
    ]);
    answer.resolve(jsonResponse({ success: true, message: "Report reviewed successfully!", report }));
    await waitFor(() => expect(onReviewed).toHaveBeenCalledWith("reviewed", "Report reviewed successfully!"));
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({ status: "reviewed", notes: "Gone from TikTok" });
  });

  it("says 'Failed to update report status' and logs the HTTP error when the update fails", async () => {
    vi.stubGlobal(
      "fetch",
      routedFetch({
        [VIDEO_URL]: () => jsonResponse({ videos: [] }),
        "PUT /api/admin/video-reports/7": () => jsonResponse({ message: "boom" }, 500),
      }).fetch,
    );
    rendered = render(<ReportReviewDialog report={report} onClose={() => {}} onReviewed={() => {}} />);
    click(buttonNamed(document.body, "Reject"));
    await waitFor(() => expect(document.querySelector('[role="alert"]')?.textContent).toBe("Failed to update report status"));
    expect(console.error).toHaveBeenCalledWith(
      "Failed to update report status",
      expect.objectContaining({ message: "HTTP error! status: 500" }),
    );
    expect(buttonNamed(document.body, "Reject").disabled).toBe(false);
  });
});

describe("ReportsPanel", () => {
  it("starts on pending reports, pages by 20 and shows the empty text for a filter", async () => {
    const page = { page: 1, limit: 20, total: 1, pages: 1 };
    const { fetch, calls } = routedFetch({
      "GET /api/admin/video-reports?status=pending&page=1&limit=20": () => jsonResponse({ reports: [report], pagination: page }),
      "GET /api/admin/video-reports?status=rejected&page=1&limit=20": () =>
        jsonResponse({ reports: [], pagination: { ...page, total: 0, pages: 0 } }),
      "GET /api/admin/video-reports/stats": () => jsonResponse({ ...EMPTY_STATS, totalReports: 1, statusBreakdown: { ...EMPTY_STATS.statusBreakdown, pending: 1 } }),
    });
    vi.stubGlobal("fetch", fetch);
    rendered = render(<ReportsPanel />);
    await waitFor(() => expect(rendered?.container.querySelector(".status-badge.status-yellow")?.textContent).toBe("Pending"));
    expect(rendered.container.querySelector(".report-stats")?.textContent).toContain("Pending 1");
    expect(buttonNamed(rendered.container, "Pending").getAttribute("aria-pressed")).toBe("true");

    click(buttonNamed(rendered.container, "Rejected"));
    await waitFor(() => expect(rendered?.container.textContent).toContain("No reports found for the selected filter."));
    expect(calls.map((call) => call.url)).toContain("/api/admin/video-reports?status=rejected&page=1&limit=20");
  });
});

describe("UsernamesDialog", () => {
  const usernames = {
    usernames: [
      { username: "mia", displayName: "Mia", isActive: true, videoCount: 12 },
      { username: "leo", displayName: null, isActive: false, videoCount: 3 },
    ],
    total: 2,
    page: 1,
    totalPages: 1,
  };

  it("deletes a creator after confirming, or shows why it could not", async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal("confirm", confirm);
    vi.stubGlobal(
      "fetch",
      routedFetch({
        "GET /api/tiktok/usernames?limit=50&page=1": () => jsonResponse(usernames),
        "DELETE /api/tiktok/usernames/mia": () => jsonResponse({ success: true, message: "ok", videosDeleted: 12 }),
        "DELETE /api/tiktok/usernames/leo": () => jsonResponse({ success: false, message: "Creator not found" }, 404),
      }).fetch,
    );
    const catalogChanged = vi.fn();
    const stopListening = onAppEvent("app:catalog-changed", catalogChanged);
    rendered = render(<UsernamesDialog onClose={() => {}} />);
    await waitFor(() => expect(text()).toContain("@mia"));
    const deleteMia = buttonNamed(document.body, "Delete @mia");
    expect(deleteMia.title).toBe("Delete username and all associated videos");

    click(deleteMia);
    await waitFor(() => expect(text()).toContain("@mia has been deleted successfully!"));
    expect(confirm).toHaveBeenCalledWith(
      "Are you sure you want to delete @mia? This action cannot be undone and will also remove all associated videos.",
    );
    expect(catalogChanged).toHaveBeenCalledOnce(); // the page's counts (stat cards, health, sidebar) catch up
    expect(document.body.querySelector('[aria-label="Delete @mia"]')).toBeNull();

    click(buttonNamed(document.body, "Delete @leo"));
    await waitFor(() => expect(text()).toContain("Failed to delete username: Creator not found"));
    expect(catalogChanged).toHaveBeenCalledOnce();
    stopListening();
  });

  it("filters by what is typed, from the first page, and says when nothing matches", async () => {
    const { fetch, calls } = routedFetch({
      "GET /api/tiktok/usernames?limit=50&page=1": () => jsonResponse({ ...usernames, total: 120, totalPages: 3 }),
      "GET /api/tiktok/usernames?limit=50&page=2": () => jsonResponse({ ...usernames, total: 120, page: 2, totalPages: 3 }),
      "GET /api/tiktok/usernames?limit=50&page=1&search=mi": () =>
        jsonResponse({ ...usernames, usernames: usernames.usernames.slice(0, 1), total: 1 }),
      "GET /api/tiktok/usernames?limit=50&page=1&search=zz": () => jsonResponse({ ...usernames, usernames: [], total: 0 }),
    });
    vi.stubGlobal("fetch", fetch);
    rendered = render(<UsernamesDialog onClose={() => {}} />);
    await waitFor(() => expect(text()).toContain("120 monitored"));
    click(buttonNamed(document.body, "Next"));
    await waitFor(() => expect(calls.map((call) => call.url)).toContain("/api/tiktok/usernames?limit=50&page=2"));

    typeInto(document.body.querySelector<HTMLInputElement>('input[aria-label="Filter usernames"]')!, " mi ");
    await waitFor(() => expect(text()).toContain("1 matching"));
    expect(text()).toContain("@mia");
    expect(text()).not.toContain("@leo");

    typeInto(document.body.querySelector<HTMLInputElement>('input[aria-label="Filter usernames"]')!, "zz");
    await waitFor(() => expect(text()).toContain("No usernames match “zz”"));
    expect(text()).not.toContain("No monitored usernames");
  });

  it("shows the empty texts when nobody is monitored", async () => {
    vi.stubGlobal(
      "fetch",
      routedFetch({ "GET /api/tiktok/usernames?limit=50&page=1": () => jsonResponse({ ...usernames, usernames: [], total: 0 }) })
        .fetch,
    );
    rendered = render(<UsernamesDialog onClose={() => {}} />);
    await waitFor(() => expect(text()).toContain("No monitored usernames"));
    expect(text()).toContain("Add TikTok usernames to start monitoring them.");
  });
});

describe("HealthChecker", () => {
  const STATUS = "GET /api/tiktok/videos/enhanced-health-status";
  const RESET = "GET /api/tiktok/videos/reset-metadata-counts";
  const LATEST = "GET /api/tiktok/videos/enhanced-health-check/latest";
  const counts = (total: number) => ({
    total,
    active: total,
    inactive: 0,
    completeMetadata: total,
    partialMetadata: 0,
    basicMetadata: 0,
    noMetadata: 0,
    metadataPercentage: 100,
    partialMetadataPercentage: 0,
    withMetadata: total,
    withoutMetadata: 0,
  });
  const shownTotal = () => rendered?.container.querySelector(".health-count dd")?.textContent;
  const said = (role: "status" | "alert") => rendered?.container.querySelector(`.form-message[role="${role}"]`)?.textContent;

  it("reads its counts again when the catalog changes, such as after a creator is deleted", async () => {
    let total = 42;
    vi.stubGlobal(
      "fetch",
      routedFetch({ [STATUS]: () => jsonResponse(counts(total)), [LATEST]: () => jsonResponse({ check: null }) }).fetch,
    );
    rendered = render(<HealthChecker />);
    await waitFor(() => expect(shownTotal()).toBe("42"));

    total = 30;
    act(() => void emitAppEvent("app:catalog-changed", {}));
    await waitFor(() => expect(shownTotal()).toBe("30"));
    expect(rendered.container.querySelector(".form-message")).toBeNull(); // nobody asked: nothing to say
  });

  it("shows Refresh Status busy and then that the counts are read, and Reset Counts the server's refusal", async () => {
    const answer = deferred<Response>();
    let statusAnswer: () => Response | Promise<Response> = () => jsonResponse(counts(42));
    const { fetch } = routedFetch({
      [STATUS]: () => statusAnswer(),
      [RESET]: () => jsonResponse({ success: false, message: "The site is busy right now. Please try again in a moment." }, 503),
      [LATEST]: () => jsonResponse({ check: null }),
    });
    vi.stubGlobal("fetch", fetch);
    rendered = render(<HealthChecker />);
    await waitFor(() => expect(shownTotal()).toBe("42"));

    statusAnswer = () => answer.promise;
    click(buttonNamed(rendered.container, "Refresh Status"));
    expect(buttonNamed(rendered.container, "Checking...").disabled).toBe(true);
    expect(buttonNamed(rendered.container, "Reset Counts").disabled).toBe(true);
    answer.resolve(jsonResponse(counts(40)));
    await waitFor(() => expect(said("status")).toBe("Video health status refreshed!"));
    expect(shownTotal()).toBe("40");
    expect(buttonNamed(rendered.container, "Refresh Status").disabled).toBe(false);

    click(buttonNamed(rendered.container, "Reset Counts"));
    await waitFor(() => expect(said("alert")).toBe("The site is busy right now. Please try again in a moment."));
    expect(said("status")).toBeUndefined();
    expect(buttonNamed(rendered.container, "Reset Counts").disabled).toBe(false);
  });
});

describe("PlayerSettingsPanel", () => {
  it("falls back to saving locally when the global save fails", async () => {
    vi.stubGlobal("fetch", routedFetch({ "PUT /api/player-settings/global": () => jsonResponse({ message: "down" }, 503) }).fetch);
    rendered = render(<PlayerSettingsPanel isAdmin />);
    const loop = Array.from(rendered.container.querySelectorAll<HTMLInputElement>('input[role="switch"]')).find(
      (input) => input.closest("label")?.textContent === "Loop",
    )!;
    expect(loop.checked).toBe(false);
    click(loop);
    expect(rendered.container.textContent).toContain("Unsaved changes");
    click(buttonNamed(rendered.container, "Save Settings"));

    await waitFor(() => expect(rendered?.container.textContent).toContain("Local settings saved successfully!"));
    expect(rendered.container.textContent).toContain("Failed to save settings. Check console for details.");
    expect(JSON.parse(localStorage.getItem(LOCAL_PLAYER_SETTINGS_KEY) ?? "{}")).toEqual({
      ...GLOBAL_DEFAULT_PLAYER_SETTINGS,
      loop: true,
    });
  });
});
