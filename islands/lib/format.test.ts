// @vitest-environment node
import { describe, expect, it } from "vitest";
import { avatarInitial } from "./format";

describe("avatarInitial", () => {
  it("uppercases the first letter, or gives '?' without a name", () => {
    expect(avatarInitial("dancer")).toBe("D");
    expect(avatarInitial("  zoe")).toBe("Z");
    expect(avatarInitial("")).toBe("?");
    expect(avatarInitial(null)).toBe("?");
  });

  it("skips punctuation that TikTok handles may start with", () => {
    expect(avatarInitial("._mia")).toBe("M");
    expect(avatarInitial("_9lives")).toBe("9");
    expect(avatarInitial("élodie")).toBe("É");
    expect(avatarInitial("__")).toBe("?");
  });
});
