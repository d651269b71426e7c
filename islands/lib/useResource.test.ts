import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderHook } from "../test/dom";
import { usePagedResource, useResource } from "./useResource";

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
});

describe("useResource", () => {
  it("loads again when the key changes, abandoning the request it no longer wants", async () => {
    const answers = new Map<string, (value: string) => void>();
    const signals = new Map<string, AbortSignal>();
    const load = (wanted: string) => (signal: AbortSignal) => {
      signals.set(wanted, signal);
      return new Promise<string>((resolve) => answers.set(wanted, resolve));
    };
    let filter = "pending";
    const { result, rerender } = renderHook(() => useResource("Failed to load", load(filter), [filter, 1]));
    expect(result.current).toMatchObject({ data: null, loading: true, error: null });

    filter = "approved";
    rerender();
    expect(signals.get("pending")?.aborted).toBe(true);
    await act(async () => answers.get("pending")?.("old"));
    expect(result.current.data).toBeNull();
    await act(async () => answers.get("approved")?.("new"));
    expect(result.current).toMatchObject({ data: "new", loading: false });
  });

  it("keeps the data on screen while it reloads, and keeps it when a reload fails", async () => {
    const load = vi.fn().mockResolvedValueOnce("first").mockRejectedValueOnce(new Error("HTTP error! status: 500"));
    const { result } = renderHook(() => useResource("Failed to load the stats", load, []));
    await advance(0);
    expect(result.current).toMatchObject({ data: "first", loading: false });

    act(() => result.current.reload());
    expect(result.current).toMatchObject({ data: "first", loading: true });
    await advance(0);
    expect(result.current).toMatchObject({ data: "first", loading: false });
    expect(result.current.error).toBeInstanceOf(Error);
    expect(console.error).toHaveBeenCalledWith("Failed to load the stats", expect.any(Error));
  });

  it("does not load again for a new key array with the same values", async () => {
    const load = vi.fn().mockResolvedValue("same");
    const { rerender } = renderHook(() => useResource("Failed to load", load, ["reports", 1]));
    await advance(0);
    rerender();
    await advance(0);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("refreshes every interval while the data says so", async () => {
    const load = vi
      .fn()
      .mockResolvedValueOnce({ checking: true })
      .mockResolvedValueOnce({ checking: true })
      .mockResolvedValue({ checking: false });
    const refresh = { everyMs: 2_000, while: (data: { checking: boolean }) => data.checking };
    renderHook(() => useResource("Failed to load the status", load, [], { refresh }));
    await advance(0);
    expect(load).toHaveBeenCalledTimes(1);
    await advance(2_000);
    expect(load).toHaveBeenCalledTimes(2);
    await advance(2_000);
    expect(load).toHaveBeenCalledTimes(3);
    await advance(20_000);
    expect(load).toHaveBeenCalledTimes(3);
  });
});

describe("usePagedResource", () => {
  it("loads the page asked for", async () => {
    const load = vi.fn(async (page: number) => `page ${page}`);
    const { result } = renderHook(() => usePagedResource("Failed to load uploads", load));
    await advance(0);
    expect(result.current).toMatchObject({ page: 1, data: "page 1" });
    act(() => result.current.setPage(2));
    await advance(0);
    expect(result.current).toMatchObject({ page: 2, data: "page 2" });
    expect(load).toHaveBeenLastCalledWith(2, expect.any(AbortSignal));
  });
});
