import { useEffect, useState } from "react";
import type { CreatorRef } from "../lib/api-types";
import { sameUsername } from "../lib/following";
import { fetchSuggestions } from "./following-api";

/** Spec §9: three suggestions, fetched 100 ms after sign-in. */
export const SUGGESTIONS_LIMIT = 3;
export const SUGGESTIONS_DELAY_MS = 100;

export interface Suggestions {
  creators: CreatorRef[];
  loaded: boolean;
}

/**
 * Creators to follow, asked for shortly after the signed-in page starts and again whenever the followed list
 * changes; creators already followed are never shown (spec §5).
 */
export function useSuggestions(followed: readonly string[]): Suggestions {
  const [state, setState] = useState<Suggestions>({ creators: [], loaded: false });
  const followedKey = followed.join("\n");

  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      void fetchSuggestions(SUGGESTIONS_LIMIT).then((creators) => {
        if (current) setState({ creators, loaded: true });
      });
    }, SUGGESTIONS_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [followedKey]);

  const creators = state.creators.filter((creator) => !followed.some((name) => sameUsername(name, creator.username)));
  return { creators, loaded: state.loaded };
}
