import { useEffect, type ReactNode } from "react";

interface Props {
  onCommitted: () => void;
  children: ReactNode;
}

/** Reports when the island's first render reached the DOM, so the mount node can say it is live. */
export function IslandRoot({ onCommitted, children }: Props) {
  useEffect(onCommitted, [onCommitted]);
  return children;
}
