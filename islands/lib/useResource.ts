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

export interface ResourceOptions<T> {
  /** Loads again every `everyMs` while `while` holds for the data (a check under way that the data reports). */
  refresh?: { everyMs: number; while: (data: T) => boolean };
}

/**
 * Loads data whenever `key` changes (abandoning the previous request) and on reload().
 * Failures are logged with `label`, so the console shows the api client's 'HTTP error! status: N'.
 */
export function useResource<T>(
  label: string,
  load: (signal: AbortSignal) => Promise<T>,
  key: ResourceKey,
  { refresh }: ResourceOptions<T> = {},
): Resource<T> {
  const [state, setState] = useState<ResourceState<T>>({ data: null, error: null, loading: true });
  const [version, setVersion] = useState(0);
  // `load` is a fresh closure every render; the key says when it asks for something else.
  const keyText = JSON.stringify(key);
  const reload = useCallback(() => setVersion((current) => current + 1), []);

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

  const refreshDelay = useEffectEvent((data: T) => (refresh?.while(data) ? refresh.everyMs : null));
  useEffect(() => {
    const delay = state.data === null ? null : refreshDelay(state.data);
    if (delay === null) return;
    const timer = setTimeout(reload, delay);
    return () => clearTimeout(timer);
  }, [state.data, reload]);

  return { ...state, reload };
}

export interface PagedResource<T> extends Resource<T> {
  page: number;
  setPage: (page: number) => void;
}

/** A numbered page of a list (one page on screen at a time), loaded again whenever the page changes. */
export function usePagedResource<T>(label: string, load: (page: number, signal: AbortSignal) => Promise<T>): PagedResource<T> {
  const [page, setPage] = useState(1);
  const resource = useResource(label, (signal) => load(page, signal), [page]);
  return { ...resource, page, setPage };
}
