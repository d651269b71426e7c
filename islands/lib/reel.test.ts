// @vitest-environment node
import { describe, expect, it } from "vitest";
import { reelStep } from "./reel";

describe("reelStep", () => {
  it("moves one video on or back once the reel rests on the next or previous slide", () => {
    expect(reelStep(700, 700)).toBe(1);
    expect(reelStep(-700, 700)).toBe(-1);
    expect(reelStep(699.5, 700)).toBe(1);
    expect(reelStep(-701, 700)).toBe(-1);
  });

  it("stays while the reel rests on the current slide or is still between two", () => {
    expect(reelStep(0, 700)).toBe(0);
    expect(reelStep(1, 700)).toBe(0);
    expect(reelStep(300, 700)).toBe(0);
    expect(reelStep(500, 700)).toBe(0);
    expect(reelStep(-690, 700)).toBe(0);
  });

  it("stays when the reel has no height (hidden, or on a wide screen where it does not scroll)", () => {
    expect(reelStep(0, 0)).toBe(0);
    expect(reelStep(10, 0)).toBe(0);
  });
});
