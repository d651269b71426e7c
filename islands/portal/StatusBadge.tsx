import { statusName, statusTone } from "./reports";

/** A report's status as a coloured pill: pending yellow, reviewed blue, approved green, rejected red. */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`status-badge status-${statusTone(status)}`}>{statusName(status)}</span>;
}
