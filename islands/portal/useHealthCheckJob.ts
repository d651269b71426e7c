import { useCallback, useEffect, useState } from "react";
import type { HealthCheck, HealthCheckSummary } from "../lib/api-types";
import { usePolledJob } from "../lib/usePolledJob";
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
  const [result, setResult] = useState<HealthCheckResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const fail = (error: unknown) => {
    console.error(HEALTH_MESSAGES.failed, error);
    setFailure(HEALTH_MESSAGES.failed);
  };
  const job = usePolledJob<string, HealthCheck>({
    read: fetchHealthCheck,
    outcome: ({ status }) => (status === "finished" ? "done" : status === "failed" ? "failed" : "running"),
    everyMs: HEALTH_CHECK_POLL_MS,
    readAtOnce: true,
    onAnswer: (latest, outcome) => {
      if (outcome === "done") {
        setResult(readHealthCheckResult(latest));
        onFinished();
      } else if (outcome === "failed") fail(latest.error);
    },
    onError: fail,
  });
  const { resume, start: startJob } = job;

  useEffect(() => {
    const controller = new AbortController();
    fetchLatestHealthCheck(controller.signal)
      .then((latest) => {
        if (controller.signal.aborted || latest === null) return;
        if (!isFinished(latest)) resume({ id: latest.jobId, latest });
        else if (latest.status === "finished") setResult((current) => current ?? readHealthCheckResult(latest));
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error(HEALTH_MESSAGES.failed, error);
      });
    return () => controller.abort();
  }, [resume]);

  const start = useCallback(
    async (batchSize: HealthCheckBatchSize) => {
      setResult(null);
      setFailure(null);
      await startJob(async () => {
        const { jobId } = await startHealthCheck(batchSize);
        return { id: jobId, latest: { jobId, status: "queued", progress: {}, error: null } };
      });
    },
    [startJob],
  );

  return {
    job: job.status === "running" ? job.latest : null,
    starting: job.status === "starting",
    result,
    failure,
    start,
  };
}
