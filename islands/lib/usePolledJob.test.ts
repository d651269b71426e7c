import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderHook } from "../test/dom";
import { usePolledJob, type PolledJobOptions } from "./usePolledJob";

interface Progress {
  state: "working" | "finished" | "broken";
  done: number;
}

const EVERY_MS = 2_000;
const working = (done: number): Progress => ({ state: "working", done });
const finished: Progress = { state: "finished", done: 10 };
const broken: Progress = { state: "broken", done: 3 };

function options(read: PolledJobOptions<string, Progress>["read"], more: Partial<PolledJobOptions<string, Progress>> = {}) {
  return {
    read,
    outcome: (progress: Progress) =>
      progress.state === "working" ? ("running" as const) : progress.state === "finished" ? ("done" as const) : ("failed" as const),
    everyMs: EVERY_MS,
    ...more,
  };
}

/** A read that answers each call with the next of `answers` (the last one over and over). */
function answering(...answers: Progress[]) {
  let call = 0;
  return vi.fn(async (_id: string, _signal: AbortSignal) => answers[Math.min(call++, answers.length - 1)]!);
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const started = (id: string, latest: Progress | null = null) => async () => ({ id, latest });

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("usePolledJob", () => {
  it("starts, reads every interval until the job is done, then stops", async () => {
    const read = answering(working(1), working(5), finished);
    const onAnswer = vi.fn();
    const { result } = renderHook(() => usePolledJob(options(read, { onAnswer })));
    expect(result.current.status).toBe("idle");

    await act(() => result.current.start(started("job-1", working(0))));
    expect(result.current).toMatchObject({ status: "running", id: "job-1", latest: working(0), busy: true });
    expect(read).not.toHaveBeenCalled();

    await advance(EVERY_MS);
    expect(read).toHaveBeenCalledWith("job-1", expect.any(AbortSignal));
    expect(result.current.latest).toEqual(working(1));
    await advance(2 * EVERY_MS);
    expect(result.current).toMatchObject({ status: "done", latest: finished, busy: false, error: null });
    expect(onAnswer.mock.calls.map(([, outcome]) => outcome)).toEqual(["running", "running", "done"]);

    await advance(10 * EVERY_MS);
    expect(read).toHaveBeenCalledTimes(3);
  });

  it("reads at once when asked to, then every interval", async () => {
    const read = answering(working(1), finished);
    const { result } = renderHook(() => usePolledJob(options(read, { readAtOnce: true })));
    await act(() => result.current.start(started("job-1")));
    expect(read).toHaveBeenCalledTimes(1);
    await advance(EVERY_MS);
    expect(result.current.status).toBe("done");
  });

  it("is busy while the start is under way", async () => {
    let accept: (id: string) => void = () => {};
    const { result } = renderHook(() => usePolledJob(options(answering(finished))));
    let starting: Promise<void> = Promise.resolve();
    act(() => {
      starting = result.current.start(() => new Promise((resolve) => (accept = (id) => resolve({ id }))));
    });
    expect(result.current).toMatchObject({ status: "starting", busy: true, latest: null });
    await act(async () => {
      accept("job-1");
      await starting;
    });
    expect(result.current).toMatchObject({ status: "running", id: "job-1" });
  });

  it("ends failed when the job says so, and clears after the time given for it", async () => {
    const read = answering(broken);
    const { result } = renderHook(() => usePolledJob(options(read, { clearAfterMs: { done: 1_000, failed: 3_000 } })));
    await act(() => result.current.start(started("job-1")));
    await advance(EVERY_MS);
    expect(result.current).toMatchObject({ status: "failed", latest: broken, error: null, busy: false });
    await advance(2_999);
    expect(result.current.status).toBe("failed");
    await advance(1);
    expect(result.current).toMatchObject({ status: "idle", id: null, latest: null });
  });

  it("keeps an ended job on screen without a clearing time", async () => {
    const { result } = renderHook(() => usePolledJob(options(answering(finished))));
    await act(() => result.current.start(started("job-1")));
    await advance(60_000);
    expect(result.current.status).toBe("done");
  });

  it("fails with the error when the start fails, and reads nothing", async () => {
    const read = answering(finished);
    const onError = vi.fn();
    const { result } = renderHook(() => usePolledJob(options(read, { onError })));
    const refused = new Error("refused");
    await act(() => result.current.start(() => Promise.reject(refused)));
    expect(result.current).toMatchObject({ status: "failed", error: refused, busy: false });
    expect(onError).toHaveBeenCalledWith(refused, "start");
    await advance(10 * EVERY_MS);
    expect(read).not.toHaveBeenCalled();
  });

  it("fails with the error when a read fails, and stops reading", async () => {
    const lost = new Error("network");
    const read = vi.fn(async (): Promise<Progress> => {
      throw lost;
    });
    const onError = vi.fn();
    const { result } = renderHook(() => usePolledJob(options(read, { onError })));
    await act(() => result.current.start(started("job-1", working(2))));
    await advance(EVERY_MS);
    expect(result.current).toMatchObject({ status: "failed", error: lost, latest: working(2) });
    expect(onError).toHaveBeenCalledWith(lost, "read");
    await advance(10 * EVERY_MS);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("goes back to idle when the start answers that nothing started", async () => {
    const { result } = renderHook(() => usePolledJob(options(answering(finished))));
    await act(() => result.current.start(async () => null));
    expect(result.current).toMatchObject({ status: "idle", busy: false, error: null });
  });

  it("stops reading when the screen goes, and aborts the read under way", async () => {
    let signal: AbortSignal | undefined;
    const read = vi.fn((_id: string, given: AbortSignal) => {
      signal = given;
      return new Promise<Progress>(() => {});
    });
    const { result, unmount } = renderHook(() => usePolledJob(options(read)));
    await act(() => result.current.start(started("job-1")));
    await advance(EVERY_MS);
    unmount();
    expect(signal?.aborted).toBe(true);
    await advance(10 * EVERY_MS);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("aborts a start that the screen no longer wants", async () => {
    let signal: AbortSignal | undefined;
    const { result } = renderHook(() => usePolledJob(options(answering(finished))));
    let accept: () => void = () => {};
    act(() => {
      void result.current.start((given) => {
        signal = given;
        return new Promise((resolve) => (accept = () => resolve({ id: "late" })));
      });
    });
    act(() => result.current.reset());
    expect(signal?.aborted).toBe(true);
    await act(async () => accept());
    expect(result.current).toMatchObject({ status: "idle", id: null });
  });

  it("replaces a running job with a new one, and reset forgets it", async () => {
    const read = answering(working(1));
    const { result } = renderHook(() => usePolledJob(options(read)));
    await act(() => result.current.start(started("first")));
    await act(() => result.current.start(started("second")));
    await advance(EVERY_MS);
    expect(read.mock.calls.map(([id]) => id)).toEqual(["second"]);

    act(() => result.current.reset());
    expect(result.current).toMatchObject({ status: "idle", id: null, latest: null });
    await advance(10 * EVERY_MS);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("resumes a job found under way, unless one is followed already", async () => {
    const read = answering(working(6), finished);
    const { result } = renderHook(() => usePolledJob(options(read)));
    act(() => result.current.resume({ id: "found", latest: working(5) }));
    expect(result.current).toMatchObject({ status: "running", id: "found", latest: working(5) });

    act(() => result.current.resume({ id: "other", latest: working(1) }));
    expect(result.current.id).toBe("found");
    await advance(2 * EVERY_MS);
    expect(result.current.status).toBe("done");
    expect(read.mock.calls.map(([id]) => id)).toEqual(["found", "found"]);
  });

  it("does not read a job that had already ended when it was found", async () => {
    const read = answering(finished);
    const { result } = renderHook(() => usePolledJob(options(read)));
    act(() => result.current.resume({ id: "found", latest: finished }));
    expect(result.current.status).toBe("done");
    await advance(10 * EVERY_MS);
    expect(read).not.toHaveBeenCalled();
  });
});
