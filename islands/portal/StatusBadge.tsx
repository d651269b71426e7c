import { capitalise } from "../lib/progress-format";
import { statusTone } from "./reports";

/** A report's status as a coloured pill: pending yellow, reviewed blue, approved green, rejected red. */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`status-badge status-${statusTone(status)}`}>{capitalise(status)}</span>;
}
