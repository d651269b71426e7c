import { useEffect, type RefObject } from "react";

/** Spec §9: lists load more once scrolled 85% of the way down. */
export const SCROLL_TRIGGER = 0.85;

export interface ScrollBox {
  scrollTop: number;
  clientHeight: number;
  scrollHeight: number;
}

/** Scrolled past 85%, or a visible list too short to scroll at all (it cannot reach 85% by scrolling). */
export function isNearListEnd(box: ScrollBox, trigger: number = SCROLL_TRIGGER): boolean {
  if (box.clientHeight <= 0) return false;
  if (box.scrollHeight <= box.clientHeight) return true;
  return (box.scrollTop + box.clientHeight) / box.scrollHeight >= trigger;
}

/**
 * Calls `onNearEnd` when the scrolling list in `ref` is scrolled 85% down, and after each change of
 * `itemCount` while the list still does not fill its box.
 */
export function useScrollPaging(
  ref: RefObject<HTMLElement | null>,
  { enabled, itemCount, onNearEnd }: { enabled: boolean; itemCount: number; onNearEnd: () => void },
): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || !enabled) return;
    const check = () => {
      if (isNearListEnd(element)) onNearEnd();
    };
    check();
    element.addEventListener("scroll", check, { passive: true });
    return () => element.removeEventListener("scroll", check);
  }, [ref, enabled, itemCount, onNearEnd]);
}
