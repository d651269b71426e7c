import type { ExtractionProgress, ExtractionResult } from "../lib/api-types";
import { t } from "../lib/i18n";

/** Spec §9: the extraction progress is polled every 2 s. */
export const EXTRACTION_POLL_MS = 2_000;
/** Spec §9: after a confirmed add the page returns to / after 3 s. */
export const RETURN_HOME_MS = 3_000;
/** Lists are capped: at most this many extracted videos are rendered, then '+N more'. */
export const MAX_LISTED_VIDEOS = 200;

export const EXTRACTION_FAILED = "Extraction failed";

/** Elapsed time as 'Xm Ys', or 'Ys' under a minute. */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(Math.floor(ms / 1000), 0);
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? t("{minutes}m {seconds}s", { minutes, seconds: seconds % 60 }) : t("{seconds}s", { seconds });
}

export type ExtractionPhase = "idle" | "previewing" | "extracting" | "done";

export interface ExtractionState {
  phase: ExtractionPhase;
  /** The progress panel's step text, in the server's English; null hides the panel. */
  step: string | null;
  startedAt: number | null;
  finishedAt: number | null;
  result: ExtractionResult | null;
  error: string | null;
  /** The creator already in the catalog under the name looked up, whose page the error links to. */
  existingCreator: string | null;
}

export const INITIAL_EXTRACTION: ExtractionState = {
  phase: "idle",
  step: null,
  startedAt: null,
  finishedAt: null,
  result: null,
  error: null,
  existingCreator: null,
};

export type ExtractionAction =
  | { type: "preview"; at: number }
  | { type: "extract"; at: number }
  | { type: "progress"; progress: ExtractionProgress; at: number }
  | { type: "fail"; message: string; at: number; existingCreator?: string }
  | { type: "reset" };

export function extractionReducer(state: ExtractionState, action: ExtractionAction): ExtractionState {
  switch (action.type) {
    case "preview":
      return { ...INITIAL_EXTRACTION, phase: "previewing", startedAt: action.at };
    case "extract":
      return {
        ...state,
        phase: "extracting",
        step: "Finding videos... (0 found so far)",
        startedAt: state.phase === "previewing" ? state.startedAt : action.at,
        finishedAt: null,
        result: null,
        error: null,
      };
    case "progress": {
      if (state.phase !== "extracting") return state;
      const { progress } = action;
      if (!progress.isComplete) return { ...state, step: progress.step };
      return { ...state, phase: "done", step: progress.step, finishedAt: action.at, result: progress.result };
    }
    case "fail":
      return {
        ...state,
        phase: "idle",
        step: state.phase === "extracting" ? EXTRACTION_FAILED : state.step,
        finishedAt: action.at,
        error: action.message,
        existingCreator: action.existingCreator ?? null,
      };
    case "reset":
      return INITIAL_EXTRACTION;
  }
}

/** True while a search (preview or extraction) is running. */
export function isSearching(state: ExtractionState): boolean {
  return state.phase === "previewing" || state.phase === "extracting";
}

const PROFILE_LINK = /^(?:https?:\/\/)?(?:www\.|m\.)?tiktok\.com\/@([^/?#\s]+)/i;

/** The handle a visitor typed: '@name', 'name', or a pasted profile or video link ('tiktok.com/@name/…'). */
export function handleFromInput(typed: string): string {
  const text = typed.trim();
  const linked = PROFILE_LINK.exec(text);
  return (linked?.[1] ? decoded(linked[1]) : text).replace(/^@/, "");
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text; // a broken escape: the server says what is wrong with the handle
  }
}
