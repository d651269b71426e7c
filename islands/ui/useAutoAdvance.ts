import { useState } from "react";
import { readAutoAdvance, saveAutoAdvance } from "../lib/auto-advance";

/** The viewer's auto-advance switch, read from and saved to this browser. */
export function useAutoAdvance(): { on: boolean; toggle: () => void } {
  const [on, setOn] = useState(readAutoAdvance);
  return {
    on,
    toggle: () => {
      saveAutoAdvance(!on);
      setOn(!on);
    },
  };
}
