import { describe, expect, it } from "vitest";
import {
  DEFAULT_REPORT_FILTER,
  REPORT_FILTERS,
  REVIEW_ACTIONS,
  isReportStatus,
  reportStatsItems,
  reviewSuccessMessage,
  statusTone,
} from "./reports";

describe("report statuses", () => {
  it("colours pending yellow, reviewed blue, approved green and rejected red", () => {
    expect(["pending", "reviewed", "approved", "rejected"].map(statusTone)).toEqual(["yellow", "blue", "green", "red"]);
    expect(statusTone("archived")).toBe("neutral");
    expect(isReportStatus("approved")).toBe(true);
    expect(isReportStatus("all")).toBe(false);
  });

  it("filters by all five choices and starts on pending", () => {
    expect(REPORT_FILTERS).toEqual(["all", "pending", "reviewed", "approved", "rejected"]);
    expect(DEFAULT_REPORT_FILTER).toBe("pending");
  });

  it("offers Reject, Mark Reviewed and 'Approve & Remove Video' in that order", () => {
    expect(REVIEW_ACTIONS.map(({ label, status }) => [label, status])).toEqual([
      ["Reject", "rejected"],
      ["Mark Reviewed", "reviewed"],
      ["Approve & Remove Video", "approved"],
    ]);
    expect(reviewSuccessMessage("approved")).toBe("Report approved successfully!");
  });

  it("turns the stats call into the stats line", () => {
    const statusBreakdown = { pending: 3, reviewed: 0, approved: 5, rejected: 0 };
    const items = reportStatsItems({ statusBreakdown, totalReports: 8, recentReports: 2 });
    expect(items.map(({ label, value }) => `${label} ${value}`)).toEqual([
      "Total 8",
      "Pending 3",
      "Reviewed 0",
      "Approved 5",
      "Rejected 0",
      "Last 7 days 2",
    ]);
    expect(items[1]?.tone).toBe("yellow");
  });
});
