import { addressChoice, type AddressChoice } from "./address-bar";
import { NEWEST_FIRST, videoOrder, type VideoOrder, type VideoSort } from "./video-sorts";

const SEED_PATTERN = /^\d{1,6}$/;

/** The video order an address names (`videoSort`, and a shuffle's `seed`): a sort the page does not offer is newest
 * first, and a shuffle without a usable seed deals a new one. */
export function addressedOrder(query: URLSearchParams, sorts: readonly VideoSort[]): VideoOrder {
  const sortBy = addressChoice(query, "videoSort", sorts, NEWEST_FIRST.sortBy);
  const seed = query.get("seed") ?? "";
  return sortBy === "shuffle" && SEED_PATTERN.test(seed) ? { sortBy, seed: Number(seed) } : videoOrder(sortBy);
}

/** A video order as address choices: `videoSort` unless newest first, and a shuffle's `seed`, so a reload or a
 * shared link deals the same order. */
export function orderChoices(order: VideoOrder): AddressChoice[] {
  return [
    ["videoSort", order.sortBy, NEWEST_FIRST.sortBy],
    ["seed", order.sortBy === "shuffle" ? String(order.seed) : "", ""],
  ];
}
