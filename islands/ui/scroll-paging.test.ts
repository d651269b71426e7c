// @vitest-environment node
import { describe, expect, it } from "vitest";
import { isNearListEnd } from "./scroll-paging";

describe("isNearListEnd", () => {
  it("is reached at 85% of the scroll height", () => {
    expect(isNearListEnd({ scrollTop: 0, clientHeight: 400, scrollHeight: 1000 })).toBe(false);
    expect(isNearListEnd({ scrollTop: 449, clientHeight: 400, scrollHeight: 1000 })).toBe(false);
    expect(isNearListEnd({ scrollTop: 450, clientHeight: 400, scrollHeight: 1000 })).toBe(true);
  });

  it("asks for more while a visible list is too short to scroll, never for a hidden one", () => {
    expect(isNearListEnd({ scrollTop: 0, clientHeight: 400, scrollHeight: 300 })).toBe(true);
    expect(isNearListEnd({ scrollTop: 0, clientHeight: 0, scrollHeight: 0 })).toBe(false);
  });
});
