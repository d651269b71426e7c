import { useEffect, type RefObject } from "react";

/** While open, a pointer press outside `container` or the Escape key calls `onDismiss`. */
export function useDismiss(open: boolean, container: RefObject<HTMLElement | null>, onDismiss: (reason: "outside" | "escape") => void) {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !container.current?.contains(event.target)) onDismiss("outside");
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") onDismiss("escape");
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open, container, onDismiss]);
}
