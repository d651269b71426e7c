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
 * screens): Back shows the list again, Forward the category as last chosen; its videos replace that entry as they
 * play (spec "Public video URLs"). A #fragment the page jumped to changes nothing.
 */
export function useListStep(onReturn: (choice: CategoryChoice | null) => void) {
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
  return {
    /** The step from the list to `choice`, at its address. */
    leaveList(choice: CategoryChoice, address: string) {
      listAddress.current = here();
      window.history.pushState({ category: choice } satisfies StepState, "", address);
    },
    /** Another category chosen on the way: Forward comes back to it. */
    remember(choice: CategoryChoice) {
      if ((window.history.state as StepState | null)?.category) {
        window.history.replaceState({ category: choice } satisfies StepState, "", here());
      }
    },
  };
}
