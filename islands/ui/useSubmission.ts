import { useCallback, useState } from "react";
import { formRefusal, serverMessage } from "../lib/api";
import type { FormOutcome } from "./FormMessage";

export type SubmissionResult<T> = { ok: true; value: T } | { ok: false; error: unknown };

interface Messages<T> {
  /** Shown after success; leave out when the page moves on instead. */
  success?: string | ((value: T) => string);
  /** Shown when the server gives no message of its own. */
  failure: string;
  /** Where the form shows the server's per-field messages; its line then leaves out a message a field already shows. */
  showFieldErrors?: (fieldErrors: Record<string, string>) => void;
}

/** Runs one request at a time for a form and keeps its busy flag and its success or failure line. */
export function useSubmission() {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);

  const submit = useCallback(async <T>(task: () => Promise<T>, messages: Messages<T>): Promise<SubmissionResult<T>> => {
    setBusy(true);
    setOutcome(null);
    try {
      const value = await task();
      const { success } = messages;
      if (success !== undefined) setOutcome({ tone: "success", text: typeof success === "function" ? success(value) : success });
      return { ok: true, value };
    } catch (error) {
      console.error(messages.failure, error);
      const { showFieldErrors } = messages;
      const refusal = formRefusal(error, messages.failure);
      showFieldErrors?.(refusal.fieldErrors);
      const text = showFieldErrors ? refusal.message : serverMessage(error, messages.failure);
      setOutcome(text === null ? null : { tone: "error", text });
      return { ok: false, error };
    } finally {
      setBusy(false);
    }
  }, []);

  return { busy, outcome, setOutcome, submit };
}
