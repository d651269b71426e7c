// @vitest-environment node
import { describe, expect, it } from "vitest";
import { pendingRegistrationMessage } from "./pending-registration";

describe("pendingRegistrationMessage", () => {
  it("is the server's message of a pending registration", () => {
    expect(pendingRegistrationMessage({ success: true, pending: true, message: "Almost done!" })).toBe("Almost done!");
  });

  it("is null for a registration that is not pending, or a blank message", () => {
    expect(pendingRegistrationMessage({ pending: true, message: "  " })).toBeNull();
    expect(pendingRegistrationMessage({ pending: false, message: "Almost done!" })).toBeNull();
  });
});
