import { useEffect, useEffectEvent, useRef } from "react";
import type { CategoryChoice } from "./choice";

interface StepState {
  category?: CategoryChoice;
}

function here(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/**
 * Leaving the list for a category is a step in the browser's history (on a phone the list and the feed are two
 * screens), so Back shows the list again and Forward the category; the category's videos then replace that entry
 * as they play (spec "Public video URLs"). Answers the function that takes the step, given the choice and its
 * address. Other entries (a #fragment the page jumped to) change nothing.
 */
export function useListStep(onReturn: (choice: CategoryChoice | null) => void): (choice: CategoryChoice, address: string) => void {
  const returned = useEffectEvent(onReturn);
  const listAddress = useRef<string | null>(null);
  useEffect(() => {
    function moved(event: PopStateEvent) {
      const category = (event.state as StepState | null)?.category;
      if (category) returned(category);
      else if (here() === listAddress.current) returned(null);
    }
    window.addEventListener("popstate", moved);
    return () => window.removeEventListener("popstate", moved);
  }, []);
  return (choice, address) => {
    listAddress.current = here();
    window.history.pushState({ ...(window.history.state ?? {}), category: choice }, "", address);
  };
}
