import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { serverMessage } from "../lib/api";
import {
  EXTRACTION_POLL_MS,
  extractionReducer,
  INITIAL_EXTRACTION,
  isSearching,
  type ExtractionState,
} from "./extraction";
import { fetchExtractionProgress, previewProfile, startExtraction } from "./profile-api";

export const EXISTS_MESSAGE = "This TikTok username already exists in the database";
export const PREVIEW_FAILED = "Failed to preview TikTok profile";
export const EXTRACT_FAILED = "Failed to extract videos";
export const FIND_FAILED = "Failed to find videos";

const TICK_MS = 1_000;
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The clock that drives the elapsed time while a search runs. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

export interface Extraction {
  state: ExtractionState;
  /** Milliseconds since the search began (frozen once it ends). */
  elapsedMs: number;
  searching: boolean;
  /** Preview, then extract (spec §4 "Extraction flow"). */
  find: (username: string) => Promise<void>;
  /** Extract again without the preview ('Extract Videos', 'Run Extraction'). */
  extract: (username: string) => Promise<void>;
  reset: () => void;
}

export function useExtraction(): Extraction {
  const [state, dispatch] = useReducer(extractionReducer, INITIAL_EXTRACTION);
  const run = useRef(0);
  const searching = isSearching(state);
  const now = useNow(searching);

  useEffect(
    () => () => {
      run.current += 1;
    },
    [],
  );

  const fail = useCallback((id: number, message: string, existingCreator?: string) => {
    if (run.current === id) dispatch({ type: "fail", message, at: Date.now(), existingCreator });
  }, []);

  const extractIn = useCallback(
    async (id: number, username: string) => {
      dispatch({ type: "extract", at: Date.now() });
      try {
        await startExtraction(username);
      } catch (error) {
        console.error(EXTRACT_FAILED, error);
        fail(id, serverMessage(error, EXTRACT_FAILED));
        return;
      }
      while (run.current === id) {
        await wait(EXTRACTION_POLL_MS);
        if (run.current !== id) return;
        try {
          const progress = await fetchExtractionProgress(username);
          if (run.current !== id) return;
          if (progress.isComplete && progress.result === null) {
            fail(id, FIND_FAILED);
            return;
          }
          dispatch({ type: "progress", progress, at: Date.now() });
          if (progress.isComplete) return;
        } catch (error) {
          console.error(FIND_FAILED, error);
          fail(id, serverMessage(error, FIND_FAILED));
          return;
        }
      }
    },
    [fail],
  );

  const find = useCallback(
    async (username: string) => {
      const id = ++run.current;
      dispatch({ type: "preview", at: Date.now() });
      try {
        const answer = await previewProfile(username);
        if (answer.existing) return fail(id, answer.message || EXISTS_MESSAGE, answer.username);
        if (!answer.success) return fail(id, answer.message || PREVIEW_FAILED);
      } catch (error) {
        console.error(PREVIEW_FAILED, error);
        return fail(id, serverMessage(error, PREVIEW_FAILED));
      }
      if (run.current === id) await extractIn(id, username);
    },
    [extractIn, fail],
  );

  const extract = useCallback((username: string) => extractIn(++run.current, username), [extractIn]);

  const reset = useCallback(() => {
    run.current += 1;
    dispatch({ type: "reset" });
  }, []);

  const end = state.finishedAt ?? (searching ? now : state.startedAt);
  const elapsedMs = state.startedAt === null || end === null ? 0 : Math.max(end - state.startedAt, 0);
  return { state, elapsedMs, searching, find, extract, reset };
}
