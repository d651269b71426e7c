import { useEffect, useState } from "react";
import { COPIED_MS } from "./ShareButton";

/** Copies `text` on copy(); `state` reads 'copied' for COPIED_MS, or 'failed' (logged with `failureLabel`). */
export function useCopyButton(text: string, failureLabel: string) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state !== "copied") return;
    const timer = setTimeout(() => setState("idle"), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setState("copied"),
      (error: unknown) => {
        console.error(failureLabel, error);
        setState("failed");
      },
    );
  return { state, copy };
}
