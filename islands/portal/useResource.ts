import { useCallback, useEffect, useEffectEvent, useState } from "react";

export interface Resource<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  /** Loads again; the current data stays on screen until the answer arrives. */
  reload: () => void;
}

interface ResourceState<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
}

/** What a resource is loaded for (a page number, a filter): it loads again whenever one of them changes. */
export type ResourceKey = ReadonlyArray<string | number | boolean | null>;

/**
 * Loads data whenever `key` changes (abandoning the previous request) and on reload().
 * Failures are logged with `label`, so the console shows the api client's 'HTTP error! status: N'.
 */
export function useResource<T>(label: string, load: (signal: AbortSignal) => Promise<T>, key: ResourceKey): Resource<T> {
  const [state, setState] = useState<ResourceState<T>>({ data: null, error: null, loading: true });
  const [version, setVersion] = useState(0);
  // `load` is a fresh closure every render; the key says when it asks for something else.
  const keyText = JSON.stringify(key);

  const startLoading = useEffectEvent((signal: AbortSignal) => {
    setState((previous) => ({ ...previous, error: null, loading: true }));
    load(signal).then(
      (data) => {
        if (!signal.aborted) setState({ data, error: null, loading: false });
      },
      (error: unknown) => {
        if (signal.aborted) return;
        console.error(label, error);
        setState((previous) => ({ ...previous, error, loading: false }));
      },
    );
  });

  useEffect(() => {
    const controller = new AbortController();
    startLoading(controller.signal);
    return () => controller.abort();
  }, [keyText, version]);

  const reload = useCallback(() => setVersion((current) => current + 1), []);
  return { ...state, reload };
}
