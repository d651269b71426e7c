// @vitest-environment node
import { describe, expect, it } from "vitest";
import { reelStep, swipeStep } from "./reel";

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

describe("swipeStep", () => {
  it("moves on for a swipe up and back for a swipe down", () => {
    expect(swipeStep(0, -250)).toBe(1);
    expect(swipeStep(10, 120)).toBe(-1);
    expect(swipeStep(-30, -40)).toBe(1);
  });

  it("moves nothing for a tap, a short drag or a sideways drag", () => {
    expect(swipeStep(0, 0)).toBe(0);
    expect(swipeStep(3, -39)).toBe(0);
    expect(swipeStep(200, -60)).toBe(0);
    expect(swipeStep(-80, 80)).toBe(0);
  });
});
