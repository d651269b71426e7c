import { useEffect } from "react";
import type { Video } from "./api-types";
import type { Resume } from "./video-list";

/** Where a list stood on the entry's last video: reloaded, the page picks up there (see storedPlace). A page whose
 * address names no video keeps the video itself, to show while the list reaches it again. */
export interface ListPlace extends Resume {
  key: string;
  video?: Video;
}

/**
 * Spec "Public video URLs": the address bar follows the video on stage, replacing the entry rather than adding one;
 * with a `place`, the entry keeps it too, in the same call.
 */
export function useAddressBar(address: string | null, place: ListPlace | null = null): void {
  const placed = place && JSON.stringify(place);
  useEffect(() => {
    if (!address) return;
    const { pathname, search } = window.location;
    if (placed) {
      window.history.replaceState({ ...window.history.state, place: JSON.parse(placed) as ListPlace }, "", address);
    } else if (`${pathname}${search}` !== address) {
      window.history.replaceState(window.history.state, "", address);
    }
  }, [address, placed]);
}

/** The place this entry kept, when the page is drawn again on it (a reload). */
export function storedPlace(): ListPlace | null {
  const state = window.history.state as { place?: ListPlace } | null;
  return state?.place ?? null;
}

/** The address's `name` when it is one of `allowed`, else `fallback`: a link's unknown value is ignored. */
export function addressChoice<V extends string>(query: URLSearchParams, name: string, allowed: readonly V[], fallback: V): V {
  const value = query.get(name);
  return allowed.find((choice) => choice === value) ?? fallback;
}

/** A page's choice in its address: its query name, its value and its default. */
export type AddressChoice = readonly [name: string, value: string, fallback: string];

/** `path` with the page's choices in its query, in the order given; a choice at its default stays out, so the
 * default page keeps its plain address. */
export function withChoices(path: string, choices: readonly AddressChoice[]): string {
  const query = new URLSearchParams();
  for (const [name, value, fallback] of choices) if (value !== fallback) query.set(name, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
