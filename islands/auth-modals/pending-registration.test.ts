// @vitest-environment node
import { describe, expect, it } from "vitest";
import { pendingRegistrationMessage } from "./pending-registration";

describe("pendingRegistrationMessage", () => {
  it("is the server's message of a pending registration", () => {
    expect(pendingRegistrationMessage({ success: true, pending: true, message: "Almost done!" })).toBe("Almost done!");
  });

  it("is null for any other answer", () => {
    expect(pendingRegistrationMessage({ user: { username: "fan" }, token: "tok" })).toBeNull();
    expect(pendingRegistrationMessage({ pending: true, message: "  " })).toBeNull();
    expect(pendingRegistrationMessage({ pending: "yes", message: "Almost done!" })).toBeNull();
    expect(pendingRegistrationMessage(null)).toBeNull();
    expect(pendingRegistrationMessage("Almost done!")).toBeNull();
  });
});
