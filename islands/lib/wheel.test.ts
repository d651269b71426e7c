// @vitest-environment node
import { describe, expect, it } from "vitest";
import { createWheelNavigator, isMacPlatform, scaledDelta } from "./wheel";

describe("wheel navigation", () => {
  it("moves once the deltas pass the threshold of 50", () => {
    const wheel = createWheelNavigator(false);
    expect(wheel.push(30, 0)).toBeNull();
    expect(wheel.push(30, 10)).toBe(1);
  });

  it("ignores the rest of the gesture for the 500 ms buffer", () => {
    const wheel = createWheelNavigator(false);
    expect(wheel.push(120, 0)).toBe(1);
    expect(wheel.push(120, 100)).toBeNull();
    expect(wheel.push(120, 499)).toBeNull();
    expect(wheel.push(-120, 1_000)).toBe(-1);
  });

  it("starts a fresh sum after a pause longer than the buffer", () => {
    const wheel = createWheelNavigator(false);
    expect(wheel.push(40, 0)).toBeNull();
    expect(wheel.push(40, 501)).toBeNull();
    expect(wheel.push(40, 600)).toBe(1);
  });

  it("scales Mac deltas by both factors, 0.7 and 0.6", () => {
    expect(scaledDelta(100, true)).toBeCloseTo(42);
    expect(scaledDelta(100, false)).toBe(100);
    const wheel = createWheelNavigator(true);
    expect(wheel.push(100, 0)).toBeNull();
    expect(wheel.push(20, 10)).toBe(1);
  });

  it("recognises Macs from the platform, else the user agent", () => {
    expect(isMacPlatform("MacIntel", "")).toBe(true);
    expect(isMacPlatform("", "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)")).toBe(true);
    expect(isMacPlatform("Linux x86_64", "Mozilla/5.0 (X11; Linux x86_64)")).toBe(false);
  });
});
