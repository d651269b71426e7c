import { describe, expect, it } from "vitest";
import { ApiError } from "../lib/api";
import { deleteUsernameConfirmation, deleteUsernameFailure, usernameDeletedMessage } from "./usernames";

describe("deleting a monitored username", () => {
  it("asks and reports in the spec's words", () => {
    expect(deleteUsernameConfirmation("mia")).toBe(
      "Are you sure you want to delete @mia? This action cannot be undone and will also remove all associated videos.",
    );
    expect(usernameDeletedMessage("mia")).toBe("@mia has been deleted successfully!");
  });

  it("shows the server's message, the HTTP status without one, and a network error otherwise", () => {
    expect(deleteUsernameFailure(new ApiError("HTTP error! status: 404", 404, { message: "Creator not found" }))).toBe(
      "Failed to delete username: Creator not found",
    );
    expect(deleteUsernameFailure(new ApiError("HTTP error! status: 502", 502, null))).toBe(
      "Failed to delete username: HTTP error! status: 502",
    );
    expect(deleteUsernameFailure(new TypeError("Failed to fetch"))).toBe("Error deleting username");
  });
});
