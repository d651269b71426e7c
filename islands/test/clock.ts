import type { Clock } from "../lib/clock";

/** A clock driven by vi.useFakeTimers(): Date.now and the timer functions are the faked globals. */
export const fakeTimersClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
