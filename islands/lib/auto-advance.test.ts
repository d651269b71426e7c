// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { AUTO_ADVANCE_KEY, readAutoAdvance, saveAutoAdvance, shouldAdvanceAfter } from "./auto-advance";

afterEach(() => localStorage.clear());

describe("the auto-advance choice", () => {
  it("is on until turned off, and remembered either way", () => {
    expect(readAutoAdvance()).toBe(true);
    saveAutoAdvance(false);
    expect(localStorage.getItem(AUTO_ADVANCE_KEY)).toBe("false");
    expect(readAutoAdvance()).toBe(false);
    saveAutoAdvance(true);
    expect(readAutoAdvance()).toBe(true);
  });

  it("treats anything else stored as on", () => {
    localStorage.setItem(AUTO_ADVANCE_KEY, "no");
    expect(readAutoAdvance()).toBe(true);
  });

  it("stays on, and saving does not throw, when storage is unavailable", () => {
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new Error("denied");
    });
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new Error("denied");
    });
    expect(readAutoAdvance()).toBe(true);
    expect(() => saveAutoAdvance(false)).not.toThrow();
  });
});

describe("shouldAdvanceAfter", () => {
  it("moves on only from an ended video, with auto-advance on and loop off", () => {
    expect(shouldAdvanceAfter({ ended: true, autoAdvance: true, loop: false })).toBe(true);
    expect(shouldAdvanceAfter({ ended: false, autoAdvance: true, loop: false })).toBe(false);
    expect(shouldAdvanceAfter({ ended: true, autoAdvance: false, loop: false })).toBe(false);
    expect(shouldAdvanceAfter({ ended: true, autoAdvance: true, loop: true })).toBe(false);
  });
});
