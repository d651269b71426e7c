// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  emailChanged,
  needsAvailabilityCheck,
  newUsernameError,
  validatePasswordChange,
  validateProfile,
  validateProfileForm,
} from "./account-validation";

describe("validatePasswordChange", () => {
  const valid = { currentPassword: "old-secret", newPassword: "secret1", confirmPassword: "secret1" };

  it("accepts a matching new password of at least 6 characters", () => {
    expect(validatePasswordChange(valid)).toEqual({});
    expect(validatePasswordChange({ ...valid, newPassword: "123456", confirmPassword: "123456" })).toEqual({});
  });

  it("requires every field", () => {
    expect(validatePasswordChange({ currentPassword: "", newPassword: "", confirmPassword: "" })).toEqual({
      currentPassword: "Current password is required",
      newPassword: "New password is required",
      confirmPassword: "Please confirm your new password",
    });
  });

  it("uses the spec's texts for a short or mismatched new password", () => {
    expect(validatePasswordChange({ ...valid, newPassword: "12345", confirmPassword: "12345" })).toEqual({
      newPassword: "New password must be at least 6 characters long",
    });
    expect(validatePasswordChange({ ...valid, confirmPassword: "secret2" })).toEqual({
      confirmPassword: "New passwords do not match",
    });
  });

  it("refuses the current password as the new one", () => {
    const same = { currentPassword: "old-secret", newPassword: "old-secret", confirmPassword: "old-secret" };
    expect(validatePasswordChange(same)).toEqual({
      newPassword: "New password must differ from the current password",
    });
  });
});

describe("validateProfile", () => {
  it("requires a username under the registration rules and a well-formed e-mail", () => {
    expect(validateProfile({ username: "dancer", email: "dancer@example.com" })).toEqual({});
    expect(validateProfile({ username: "", email: "" })).toEqual({
      username: "Username is required",
      email: "Email is required",
    });
    expect(validateProfile({ username: "a b", email: "nope" })).toEqual({
      username: "Username cannot contain spaces",
      email: "Please enter a valid email address",
    });
  });
});

describe("a new e-mail address", () => {
  it("is another address than the saved one, whatever the case and surrounding spaces", () => {
    expect(emailChanged("dancer@example.com", "dancer@example.com")).toBe(false);
    expect(emailChanged(" Dancer@EXAMPLE.com ", "dancer@example.com")).toBe(false);
    expect(emailChanged("dancer@example.org", "dancer@example.com")).toBe(true);
    expect(emailChanged("", "dancer@example.com")).toBe(true);
  });

  it("needs the current password; the same address does not", () => {
    const same = { username: "dancer", email: "dancer@example.com", currentPassword: "" };
    expect(validateProfileForm(same, "dancer@example.com")).toEqual({});
    expect(validateProfileForm({ ...same, email: "moved@example.com" }, "dancer@example.com")).toEqual({
      currentPassword: "Current password is required",
    });
    expect(validateProfileForm({ ...same, email: "moved@example.com", currentPassword: "x" }, "dancer@example.com")).toEqual({});
    expect(validateProfileForm({ ...same, email: "not-an-email" }, "dancer@example.com")).toEqual({
      email: "Please enter a valid email address",
      currentPassword: "Current password is required",
    });
  });
});

describe("new username", () => {
  it("refuses the current name and applies the registration rules", () => {
    expect(newUsernameError("dancer", "dancer")).toBe("This is already your username");
    expect(newUsernameError("ab", "dancer")).toBe("Username must be at least 3 characters long");
    expect(newUsernameError("Dancer", "dancer")).toBeNull();
    expect(newUsernameError("dancer_pro", "dancer")).toBeNull();
  });

  it("checks availability only for a valid name that is not the owner's in another case", () => {
    expect(needsAvailabilityCheck("dancer_pro", "dancer")).toBe(true);
    expect(needsAvailabilityCheck("DANCER", "dancer")).toBe(false);
    expect(needsAvailabilityCheck("da", "dancer")).toBe(false);
    expect(needsAvailabilityCheck("bad name", "dancer")).toBe(false);
  });
});
