import { useState } from "react";
import { useResource, type Resource } from "./useResource";

export interface PagedList<T> extends Resource<T> {
  page: number;
  setPage: (page: number) => void;
}

/** A numbered page of an admin list, loaded again whenever the page changes. */
export function usePagedList<T>(label: string, load: (page: number, signal: AbortSignal) => Promise<T>): PagedList<T> {
  const [page, setPage] = useState(1);
  const resource = useResource(label, (signal) => load(page, signal), [page]);
  return { ...resource, page, setPage };
}
