// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { VideoReport } from "../lib/api-types";
import { setMessages } from "../lib/i18n";
import { buttonNamed, click, jsonResponse, render, waitFor, type Rendered } from "../test/dom";
import { routedFetch } from "../ui/test-support";
import { ReportsPanel } from "./ReportsPanel";
import { StatCards } from "./StatCards";

vi.mock("../lib/context", () => ({
  getAppContext: () => ({ user: { username: "boss", role: "admin" }, csrfToken: "csrf", brand: "Danza" }),
}));

// Texts of the portal as app/translations/vi/LC_MESSAGES/messages.po has them.
const VIETNAMESE = {
  "Video Reports Management": "Quản lý báo cáo video",
  "Filter reports by status": "Lọc báo cáo theo trạng thái",
  Pending: "Đang chờ xem xét",
  Approved: "Đã chấp thuận",
  "Last 7 days": "7 ngày qua",
  Visitor: "Khách",
  Review: "Xem xét",
  "No reports found for the selected filter.": "Không có báo cáo nào khớp với bộ lọc đã chọn.",
  "Total Usernames": "Tổng số tên người dùng",
  "Active Usernames": "Tên người dùng đang hoạt động",
  "Total Videos": "Tổng số video",
  "Active Videos": "Video đang hoạt động",
  Manage: "Quản lý",
};

const report: VideoReport = {
  _id: "7",
  username: "mia",
  videoId: "7300000000000000001",
  reason: "Video unavailable",
  status: "pending",
  createdAt: "2026-01-05T14:03:00Z",
  reportedBy: null,
  reportedByIp: null,
  reviewedBy: null,
  reviewedAt: null,
  notes: "",
};
const STATS = { statusBreakdown: { pending: 1200, reviewed: 0, approved: 3, rejected: 0 }, totalReports: 1203, recentReports: 2 };

let rendered: Rendered | null = null;

beforeEach(() => {
  document.documentElement.lang = "vi";
  setMessages(VIETNAMESE);
});

afterEach(() => {
  rendered?.unmount();
  rendered = null;
  setMessages({});
  document.documentElement.lang = "en";
  vi.unstubAllGlobals();
});

describe("the developer portal in Vietnamese", () => {
  it("shows the reports panel's headings, filters, badges, stats and empty text translated", async () => {
    const page = { page: 1, limit: 20, total: 1, pages: 1 };
    vi.stubGlobal(
      "fetch",
      routedFetch({
        "GET /api/admin/video-reports?status=pending&page=1&limit=20": () => jsonResponse({ reports: [report], pagination: page }),
        "GET /api/admin/video-reports?status=approved&page=1&limit=20": () =>
          jsonResponse({ reports: [], pagination: { ...page, total: 0, pages: 0 } }),
        "GET /api/admin/video-reports/stats": () => jsonResponse(STATS),
      }).fetch,
    );
    rendered = render(<ReportsPanel />);
    const panel = rendered.container;
    await waitFor(() => expect(panel.querySelector(".status-badge")?.textContent).toBe("Đang chờ xem xét"));
    expect(panel.querySelector("h2")?.textContent).toBe("Quản lý báo cáo video");
    expect(panel.querySelector(".report-stats")?.textContent).toContain("Đang chờ xem xét 1.200");
    expect(panel.querySelector(".report-stats")?.textContent).toContain("7 ngày qua 2");
    expect(panel.querySelector('[role="group"]')?.getAttribute("aria-label")).toBe("Lọc báo cáo theo trạng thái");
    expect(panel.querySelector(".report-reporter")?.textContent).toBe("Khách");
    expect(buttonNamed(panel, "Xem xét")).toBeTruthy();

    click(buttonNamed(panel, "Đã chấp thuận"));
    await waitFor(() => expect(panel.textContent).toContain("Không có báo cáo nào khớp với bộ lọc đã chọn."));
  });

  it("labels the catalog cards in Vietnamese with Vietnamese number formats", () => {
    const stats = { totalUsernames: 1234, activeUsernames: 1200, totalVideos: 56789, activeVideos: 5 };
    rendered = render(<StatCards stats={stats} failed={false} onRetry={() => {}} onOpenUsernames={() => {}} />);
    const labels = Array.from(rendered.container.querySelectorAll(".stat-label"), (label) => label.textContent);
    expect(labels).toEqual(["Tổng số tên người dùng", "Tên người dùng đang hoạt động", "Tổng số video", "Video đang hoạt động"]);
    expect(rendered.container.querySelector(".stat-value")?.textContent).toBe("1.234");
    expect(rendered.container.querySelector(".stat-hint")?.textContent).toBe("Quản lý");
  });
});
