import { useEffect, useEffectEvent, useState } from "react";
import { readAutoAdvance, saveAutoAdvance, shouldAdvanceAfter } from "../lib/auto-advance";
import { currentPlayerSettings } from "../lib/player-settings";

interface EndOfVideo {
  /** The player says the video played to its end. */
  ended: boolean;
  /** The feed shows its last loaded video: ask for more rather than move. */
  atEnd: boolean;
  onMove: (delta: 1) => void;
  onWheelPastEnd?: () => void;
}

/**
 * The viewer's auto-advance switch, remembered in this browser, and the move it makes when a video ends: to the next
 * video, or at the end of what is loaded, a request for more (the move follows once it arrives). The switch as it is
 * when the video ends decides: turning it on over an ended video does not jump away from it.
 */
export function useAutoAdvance({ ended, atEnd, onMove, onWheelPastEnd }: EndOfVideo): { on: boolean; toggle: () => void } {
  const [on, setOn] = useState(readAutoAdvance);
  const [moving, setMoving] = useState(false);
  const decide = useEffectEvent(() => {
    setMoving(shouldAdvanceAfter({ ended: true, autoAdvance: on, loop: currentPlayerSettings().loop }));
  });
  const moveOn = useEffectEvent(() => {
    if (atEnd) onWheelPastEnd?.();
    else onMove(1);
  });
  useEffect(() => {
    if (ended) decide();
    else setMoving(false);
  }, [ended]);
  useEffect(() => {
    if (moving && ended) moveOn(); // not once moved on: the next video's atEnd would ask for more at once
  }, [moving, ended, atEnd]);

  return {
    on,
    toggle: () => {
      saveAutoAdvance(!on);
      setOn(!on);
      if (on) setMoving(false); // turned off while waiting for more videos: stay
    },
  };
}
