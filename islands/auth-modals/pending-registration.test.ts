// @vitest-environment node
import { afterEach, describe, expect, it } from "vitest";
import { setMessages } from "../lib/i18n";
import { vietnameseCatalogue } from "../test/vietnamese";
import { pendingRegistrationMessage } from "./pending-registration";

afterEach(() => setMessages({}));

describe("pendingRegistrationMessage", () => {
  it("is the server's message of a pending registration", () => {
    expect(pendingRegistrationMessage({ success: true, pending: true, message: "Almost done!" })).toBe("Almost done!");
  });

  it("is null for a registration that is not pending, or a blank message", () => {
    expect(pendingRegistrationMessage({ pending: true, message: "  " })).toBeNull();
    expect(pendingRegistrationMessage({ pending: false, message: "Almost done!" })).toBeNull();
  });

  it("is said in the page's language, the address kept", () => {
    setMessages(vietnameseCatalogue());
    const message = "Almost done! We sent a link to mia@example.com. Open it within 24 hours to finish creating your account.";
    expect(pendingRegistrationMessage({ pending: true, message })).toContain("đến mia@example.com");
  });
});
