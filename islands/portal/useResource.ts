import { useCallback, useEffect, useState, type DependencyList } from "react";

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

/**
 * Loads data whenever `deps` change (abandoning the previous request) and on reload().
 * Failures are logged with `label`, so the console shows the api client's 'HTTP error! status: N'.
 */
export function useResource<T>(label: string, load: (signal: AbortSignal) => Promise<T>, deps: DependencyList): Resource<T> {
  const [state, setState] = useState<ResourceState<T>>({ data: null, error: null, loading: true });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, error: null, loading: true }));
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, error: null, loading: false });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(label, error);
        setState((previous) => ({ ...previous, error, loading: false }));
      },
    );
    return () => controller.abort();
    // `load` is a fresh closure every render; `deps` says when it really changed.
  }, [...deps, version]);

  const reload = useCallback(() => setVersion((current) => current + 1), []);
  return { ...state, reload };
}
