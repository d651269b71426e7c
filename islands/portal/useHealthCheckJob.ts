import { useCallback, useEffect, useRef, useState } from "react";
import type { HealthCheck, HealthCheckSummary } from "../lib/api-types";
import {
  HEALTH_CHECK_POLL_MS,
  HEALTH_MESSAGES,
  isFinished,
  type HealthCheckBatchSize,
  type HealthCheckOutcome,
} from "./health";
import { fetchHealthCheck, fetchLatestHealthCheck, startHealthCheck } from "./portal-api";

export interface HealthCheckResult {
  summary: Partial<HealthCheckSummary>;
  danceTrendsUpdate: string | null;
  outcome: HealthCheckOutcome;
  /** What the outcome means ('Enhanced health check completed!' when every check got an answer). */
  message: string;
}

/** The result of a finished job; a server without outcomes reads as the spec's plain success. */
export function readHealthCheckResult(job: HealthCheck): HealthCheckResult {
  return {
    summary: job.summary ?? job.progress.summary ?? {},
    danceTrendsUpdate: job.danceTrendsUpdate ?? null,
    outcome: job.outcome ?? "success",
    message: job.outcomeMessage ?? HEALTH_MESSAGES.completed,
  };
}

export interface HealthCheckRun {
  /** The job being followed, with its live progress; null when none runs. */
  job: HealthCheck | null;
  starting: boolean;
  result: HealthCheckResult | null;
  failure: string | null;
  start: (batchSize: HealthCheckBatchSize) => Promise<void>;
}

/** Starts a health check job and follows it every 2 s until it finishes; `onFinished` runs after it ends. On
 * mount it picks up the newest check: a run in progress is followed, a finished one's result is shown. */
export function useHealthCheckJob(onFinished: () => void): HealthCheckRun {
  const [job, setJob] = useState<HealthCheck | null>(null);
  const [starting, setStarting] = useState(false);
  const [result, setResult] = useState<HealthCheckResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const jobId = job?.jobId ?? null;
  const onFinishedRef = useRef(onFinished);

  useEffect(() => {
    onFinishedRef.current = onFinished;
  });

  useEffect(() => {
    if (!jobId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;

    const poll = async () => {
      try {
        const latest = await fetchHealthCheck(jobId, controller.signal);
        if (controller.signal.aborted) return;
        if (!isFinished(latest)) {
          setJob(latest);
          timer = setTimeout(() => void poll(), HEALTH_CHECK_POLL_MS);
          return;
        }
        setJob(null);
        if (latest.status === "finished") {
          setResult(readHealthCheckResult(latest));
          onFinishedRef.current();
        } else {
          console.error(HEALTH_MESSAGES.failed, latest.error);
          setFailure(HEALTH_MESSAGES.failed);
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        console.error(HEALTH_MESSAGES.failed, error);
        setJob(null);
        setFailure(HEALTH_MESSAGES.failed);
      }
    };

    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [jobId]);

  useEffect(() => {
    const controller = new AbortController();
    fetchLatestHealthCheck(controller.signal)
      .then((latest) => {
        if (controller.signal.aborted || latest === null) return;
        if (!isFinished(latest)) setJob((current) => current ?? latest);
        else if (latest.status === "finished") setResult((current) => current ?? readHealthCheckResult(latest));
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error(HEALTH_MESSAGES.failed, error);
      });
    return () => controller.abort();
  }, []);

  const start = useCallback(async (batchSize: HealthCheckBatchSize) => {
    setStarting(true);
    setResult(null);
    setFailure(null);
    try {
      const started = await startHealthCheck(batchSize);
      setJob({ jobId: started.jobId, status: "queued", progress: {}, error: null });
    } catch (error) {
      console.error(HEALTH_MESSAGES.failed, error);
      setFailure(HEALTH_MESSAGES.failed);
    } finally {
      setStarting(false);
    }
  }, []);

  return { job, starting, result, failure, start };
}
