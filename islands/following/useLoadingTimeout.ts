import { useEffect, useState } from "react";

/** Spec §9: a loading screen gives up after 10 s. */
export const LOADING_TIMEOUT_MS = 10_000;

/**
 * True once the load named by `loadingKey` has been going on for `ms`; a new key starts the clock again and
 * null means nothing is loading.
 */
export function useLoadingTimeout(loadingKey: string | null, ms: number = LOADING_TIMEOUT_MS): boolean {
  const [expiredKey, setExpiredKey] = useState<string | null>(null);

  useEffect(() => {
    if (loadingKey === null) return;
    const timer = setTimeout(() => setExpiredKey(loadingKey), ms);
    return () => clearTimeout(timer);
  }, [loadingKey, ms]);

  return loadingKey !== null && expiredKey === loadingKey;
}
