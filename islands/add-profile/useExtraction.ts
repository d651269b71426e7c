import { useCallback, useEffect, useReducer, useState } from "react";
import { ApiError, serverMessage, translateServerText } from "../lib/api";
import { usePolledJob } from "../lib/usePolledJob";
import {
  EXTRACTION_POLL_MS,
  extractionReducer,
  INITIAL_EXTRACTION,
  isSearching,
  type ExtractionState,
} from "./extraction";
import type { ExtractionProgress } from "../lib/api-types";
import { fetchExtractionProgress, leaveExtraction, previewProfile, startExtraction } from "./profile-api";
import { t } from "../lib/i18n";
import { forgetProfileSearch, rememberedProfileSearch, rememberProfileSearch } from "../lib/storage";


const TICK_MS = 1_000;

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
  /** Follows the search this tab left under way (the page was reloaded); answers its username, if there is one. */
  resume: () => string | null;
  reset: () => void;
}

export function useExtraction(): Extraction {
  const [state, dispatch] = useReducer(extractionReducer, INITIAL_EXTRACTION);
  const searching = isSearching(state);
  const now = useNow(searching);
  const { start, resume: follow, reset: stop, id: followed, busy } = usePolledJob<string, ExtractionProgress>({
    read: (username) => fetchExtractionProgress(username),
    outcome: (progress) => (!progress.isComplete ? "running" : progress.result === null ? "failed" : "done"),
    everyMs: EXTRACTION_POLL_MS,
    onAnswer: (progress, outcome) => {
      if (outcome === "failed") {
        forgetProfileSearch();
        dispatch({ type: "fail", message: t("Failed to find videos"), at: Date.now() });
      } else dispatch({ type: "progress", progress, at: Date.now() });
    },
    onError: (error) => {
      forgetProfileSearch();
      if (error instanceof ApiError && error.status === 404) {
        dispatch({ type: "reset" }); // a remembered search the server no longer knows: an empty form, as before it
        return;
      }
      console.error("Failed to find videos", error);
      dispatch({ type: "fail", message: serverMessage(error, t("Failed to find videos")), at: Date.now() });
    },
  });

  /** Preview (unless asked not to), then start the extraction; each step's failure says what failed. */
  const search = useCallback(
    (username: string, preview: boolean) =>
      start(async (signal) => {
        const fail = (message: string, existingCreator?: string) => {
          if (!signal.aborted) dispatch({ type: "fail", message, at: Date.now(), existingCreator });
          return null;
        };
        const startedAt = Date.now();
        forgetProfileSearch();
        if (preview) {
          dispatch({ type: "preview", at: startedAt });
          try {
            const answer = await previewProfile(username);
            const message = answer.message && translateServerText(answer.message);
            if (answer.existing) return fail(message || t("This TikTok username already exists in the database"), answer.username);
            if (!answer.success) return fail(message || t("Failed to preview TikTok profile"));
          } catch (error) {
            console.error("Failed to preview TikTok profile", error);
            return fail(serverMessage(error, t("Failed to preview TikTok profile")));
          }
          if (signal.aborted) return null;
        }
        dispatch({ type: "extract", at: Date.now() });
        try {
          await startExtraction(username);
        } catch (error) {
          console.error("Failed to extract videos", error);
          return fail(serverMessage(error, t("Failed to extract videos")));
        }
        rememberProfileSearch({ username, startedAt: preview ? startedAt : Date.now() });
        return { id: username };
      }),
    [start],
  );

  // A search nobody follows holds up the ones queued after it: leaving the screen says so.
  useEffect(() => {
    if (!busy || followed === null) return;
    const leave = () => leaveExtraction(followed);
    window.addEventListener("pagehide", leave);
    return () => window.removeEventListener("pagehide", leave);
  }, [busy, followed]);

  const find = useCallback((username: string) => search(username, true), [search]);
  const extract = useCallback((username: string) => search(username, false), [search]);

  const resume = useCallback(() => {
    const left = rememberedProfileSearch();
    if (left === null) return null;
    dispatch({ type: "extract", at: left.startedAt });
    follow({ id: left.username });
    return left.username;
  }, [follow]);

  const reset = useCallback(() => {
    forgetProfileSearch();
    stop();
    dispatch({ type: "reset" });
  }, [stop]);

  const end = state.finishedAt ?? (searching ? now : state.startedAt);
  const elapsedMs = state.startedAt === null || end === null ? 0 : Math.max(end - state.startedAt, 0);
  return { state, elapsedMs, searching, find, extract, resume, reset };
}
