import { describe, expect, it } from "vitest";
import { capitalise, formatBytes, progressPercent } from "./progress-format";

describe("formatBytes", () => {
  it("counts in powers of 1024 with one decimal", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(1023)).toBe("1023 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(104_857_600)).toBe("100 MB");
    expect(formatBytes(12.34 * 1024 * 1024)).toBe("12.3 MB");
    expect(formatBytes(Number.NaN)).toBe("0 B");
  });
});

describe("progressPercent", () => {
  it("is a whole percent that reaches 100 only when everything is done", () => {
    expect(progressPercent(0, 100)).toBe(0);
    expect(progressPercent(999, 1000)).toBe(99);
    expect(progressPercent(1000, 1000)).toBe(100);
    expect(progressPercent(1200, 1000)).toBe(100);
    expect(progressPercent(5, 0)).toBe(0);
  });
});

describe("capitalise", () => {
  it("uppercases the first letter", () => {
    expect(capitalise("pending")).toBe("Pending");
    expect(capitalise("")).toBe("");
  });
});
