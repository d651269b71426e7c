import { useCallback, useEffect, useRef, useState } from "react";

/** Where an answer leaves a job: still at work, done, or failed (the server reports an abandoned job as failed). */
export type JobOutcome = "running" | "done" | "failed";
export type JobStatus = "idle" | "starting" | JobOutcome;

/** A job the server has taken on: its id, and its state when the answer carried one. */
export interface StartedJob<Id, S> {
  id: Id;
  latest?: S | null;
}

export interface PolledJobOptions<Id, S> {
  /** Reads the job's state once. */
  read: (id: Id, signal: AbortSignal) => Promise<S>;
  outcome: (latest: S) => JobOutcome;
  /** Time between two reads; the first read waits as long, unless `readAtOnce`. */
  everyMs: number;
  readAtOnce?: boolean;
  /** How long a job that ended stays on screen before the hook is idle again; without one it stays. */
  clearAfterMs?: Partial<Record<"done" | "failed", number>>;
  /** Each answer as it arrives, the last one too, for what the screen does about it (a toast, a redirect). */
  onAnswer?: (latest: S, outcome: JobOutcome) => void;
  /** Starting or reading failed: the job is then failed, with this error. */
  onError?: (error: unknown, during: "start" | "read") => void;
}

export interface PolledJob<Id, S> {
  status: JobStatus;
  id: Id | null;
  /** The state the job started with, then each answer's. */
  latest: S | null;
  /** Why starting or reading failed; null when the job itself reported how it ended. */
  error: unknown;
  /** From start() until the job is done or failed. */
  busy: boolean;
  /**
   * Runs `begin`, which asks the server to start the job, and follows the job it answers; null means nothing
   * started (the screen said why). Its signal aborts when the job is reset or replaced, or the screen goes.
   */
  start: (begin: (signal: AbortSignal) => Promise<StartedJob<Id, S> | null>) => Promise<void>;
  /** Follows a job already under way (one found when the page opened), unless a job is followed already. */
  resume: (job: StartedJob<Id, S>) => void;
  /** Stops following and forgets the job. */
  reset: () => void;
}

interface JobState<Id, S> {
  status: JobStatus;
  id: Id | null;
  latest: S | null;
  error: unknown;
}

const IDLE = { status: "idle", id: null, latest: null, error: null } as const;

function followed<Id, S>({ id, latest = null }: StartedJob<Id, S>, outcome: (latest: S) => JobOutcome): JobState<Id, S> {
  return { status: latest === null ? "running" : outcome(latest), id, latest, error: null };
}

/**
 * A server job followed from a screen (spec §9's downloads, extractions and checks): start it, read its state
 * every `everyMs` until it is done or failed, and stop reading when it is reset, replaced or the screen goes.
 */
export function usePolledJob<Id, S>(options: PolledJobOptions<Id, S>): PolledJob<Id, S> {
  const [job, setJob] = useState<JobState<Id, S>>(IDLE);
  const latestOptions = useRef(options);
  const starting = useRef<AbortController | null>(null);

  useEffect(() => {
    latestOptions.current = options;
  });

  useEffect(() => () => starting.current?.abort(), []);

  // Reads start when a job is followed and stop when it ends or another job (another id) takes its place.
  const following = job.status === "running";
  const { id } = job;
  useEffect(() => {
    if (!following || id === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const readOnce = async () => {
      const { read, outcome, everyMs, onAnswer, onError } = latestOptions.current;
      try {
        const latest = await read(id, controller.signal);
        if (controller.signal.aborted) return;
        const status = outcome(latest);
        setJob((current) => ({ ...current, status, latest }));
        onAnswer?.(latest, status);
        if (status === "running") timer = setTimeout(readOnce, everyMs);
      } catch (error) {
        if (controller.signal.aborted) return;
        setJob((current) => ({ ...current, status: "failed", error }));
        onError?.(error, "read");
      }
    };
    if (latestOptions.current.readAtOnce) void readOnce();
    else timer = setTimeout(readOnce, latestOptions.current.everyMs);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [following, id]);

  const ended = job.status === "done" || job.status === "failed" ? job.status : null;
  useEffect(() => {
    const clearAfter = ended && latestOptions.current.clearAfterMs?.[ended];
    if (clearAfter === null || clearAfter === undefined) return;
    const timer = setTimeout(() => setJob(IDLE), clearAfter);
    return () => clearTimeout(timer);
  }, [ended]);

  const start = useCallback(async (begin: (signal: AbortSignal) => Promise<StartedJob<Id, S> | null>) => {
    starting.current?.abort();
    const controller = new AbortController();
    starting.current = controller;
    setJob({ ...IDLE, status: "starting" });
    try {
      const started = await begin(controller.signal);
      if (controller.signal.aborted) return;
      setJob(started ? followed(started, latestOptions.current.outcome) : IDLE);
    } catch (error) {
      if (controller.signal.aborted) return;
      setJob({ ...IDLE, status: "failed", error });
      latestOptions.current.onError?.(error, "start");
    }
  }, []);

  const resume = useCallback((found: StartedJob<Id, S>) => {
    const job = followed(found, latestOptions.current.outcome);
    setJob((current) => (current.status === "idle" ? job : current));
  }, []);

  const reset = useCallback(() => {
    starting.current?.abort();
    setJob(IDLE);
  }, []);

  return { ...job, busy: job.status === "starting" || job.status === "running", start, resume, reset };
}
