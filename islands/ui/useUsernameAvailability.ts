import { useEffect, useState } from "react";
import { api } from "../lib/api";
import type { Answer } from "../lib/api-types";
import { t } from "../lib/i18n";

export const USERNAME_CHECK_DEBOUNCE_MS = 500;

/** waiting: typing stopped < 500 ms ago; unknown: the check itself failed, so the server decides on submit. */
export type Availability = "idle" | "waiting" | "checking" | "available" | "taken" | "unknown";

interface CheckState {
  username: string;
  status: Availability;
}

/** Checks a username with the server 500 ms after it stops changing, while `enabled` (local rules pass). */
export function useUsernameAvailability(username: string, enabled: boolean): Availability {
  const [state, setState] = useState<CheckState>({ username: "", status: "idle" });

  useEffect(() => {
    if (!enabled) {
      setState({ username, status: "idle" });
      return;
    }
    setState({ username, status: "waiting" });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState({ username, status: "checking" });
      const url = `/api/auth/check-username?username=${encodeURIComponent(username)}`;
      api
        .get<Answer<"ExistsOut">>(url, { signal: controller.signal })
        .then((result) => setState({ username, status: result.exists ? "taken" : "available" }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          console.error("Username availability check failed", error);
          setState({ username, status: "unknown" });
        });
    }, USERNAME_CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [username, enabled]);

  // Between a keystroke and the effect above, the stored result belongs to the previous username.
  if (state.username !== username) return enabled ? "waiting" : "idle";
  return state.status;
}

/** Only a name the check found taken blocks submit. One still being checked goes to the server, which refuses a
 * taken name under its field: refusing it here swallowed a quick submit (an autofilled form, Enter) without a word
 * once the check came back "available" half a second later. */
export function blocksSubmit(availability: Availability): boolean {
  return availability === "taken";
}

export interface SubmitBlock {
  /** 'Please fix username errors before submitting', while a refused submit's reason still stands. */
  message: string | null;
  /** On submit: whether the availability refused it. */
  setRefused: (refused: boolean) => void;
}

/** Spec: an availability error blocks submit. The refusal is said for as long as its reason stands: for the name
 * it refused, until a check answers "available"; typing another name takes it away. */
export function useSubmitBlock(username: string, availability: Availability): SubmitBlock {
  const [refusedName, setRefusedName] = useState<string | null>(null);
  const refused = refusedName === username && blocksSubmit(availability);
  const message = refused ? t("Please fix username errors before submitting") : null;
  return { message, setRefused: (refusal) => setRefusedName(refusal ? username : null) };
}
