// @vitest-environment node
import { describe, expect, it } from "vitest";
import { hasErrors, usernameRuleError, validateLogin, validateRegistration, type RegisterValues } from "./validation";

const valid: RegisterValues = {
  username: "dance_fan_01",
  email: "fan@example.com",
  password: "secret1",
  confirmPassword: "secret1",
};

describe("usernameRuleError", () => {
  it("checks spaces before anything else", () => {
    expect(usernameRuleError("a b")).toBe("Username cannot contain spaces");
    expect(usernameRuleError("a !")).toBe("Username cannot contain spaces");
    expect(usernameRuleError(" ab")).toBe("Username cannot contain spaces");
  });

  it("allows only letters, numbers and underscores", () => {
    expect(usernameRuleError("ab!")).toBe("Username can only contain letters, numbers, and underscores");
    expect(usernameRuleError("dancer.one")).toBe("Username can only contain letters, numbers, and underscores");
    expect(usernameRuleError("é")).toBe("Username can only contain letters, numbers, and underscores");
  });

  it("needs at least 3 characters", () => {
    expect(usernameRuleError("ab")).toBe("Username must be at least 3 characters long");
    expect(usernameRuleError("abc")).toBeNull();
    expect(usernameRuleError("A_1")).toBeNull();
  });

  it("allows at most 30 characters, as the server does", () => {
    expect(usernameRuleError("a".repeat(30))).toBeNull();
    expect(usernameRuleError("a".repeat(31))).toBe("Username must be at most 30 characters long");
  });

  it("requires a username", () => {
    expect(usernameRuleError("")).toBe("Username is required");
  });
});

describe("validateRegistration", () => {
  it("accepts valid values", () => {
    expect(validateRegistration(valid)).toEqual({});
    expect(hasErrors(validateRegistration(valid))).toBe(false);
  });

  it("requires matching passwords of at least 6 characters", () => {
    expect(validateRegistration({ ...valid, confirmPassword: "secret2" })).toEqual({
      confirmPassword: "Passwords do not match",
    });
    expect(validateRegistration({ ...valid, password: "12345", confirmPassword: "12345" })).toEqual({
      password: "Password must be at least 6 characters long",
    });
    expect(validateRegistration({ ...valid, password: "123456", confirmPassword: "123456" })).toEqual({});
  });

  it("requires every field", () => {
    const errors = validateRegistration({ username: "", email: "", password: "", confirmPassword: "" });
    expect(Object.keys(errors).sort()).toEqual(["confirmPassword", "email", "password", "username"]);
    expect(hasErrors(errors)).toBe(true);
  });

  it("checks the e-mail format", () => {
    expect(validateRegistration({ ...valid, email: "not-an-email" }).email).toBe("Please enter a valid email address");
    expect(validateRegistration({ ...valid, email: "  fan@example.com " }).email).toBeUndefined();
  });

  it("reports the username rule first broken", () => {
    expect(validateRegistration({ ...valid, username: "a b" }).username).toBe("Username cannot contain spaces");
  });
});

describe("validateLogin", () => {
  it("requires an e-mail and a password", () => {
    expect(validateLogin({ email: "", password: "" })).toEqual({
      email: "Email is required",
      password: "Password is required",
    });
    expect(validateLogin({ email: "fan@example.com", password: "x" })).toEqual({});
  });
});
