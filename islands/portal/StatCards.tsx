import type { CatalogCounts } from "../lib/api-types";
import { formatNumber } from "./format";

interface Props {
  stats: CatalogCounts | null;
  failed: boolean;
  onRetry: () => void;
  onOpenUsernames: () => void;
}

const CARDS: ReadonlyArray<readonly [keyof CatalogCounts, string]> = [
  ["totalUsernames", "Total Usernames"],
  ["activeUsernames", "Active Usernames"],
  ["totalVideos", "Total Videos"],
  ["activeVideos", "Active Videos"],
];

function CardBody({ label, value }: { label: string; value: string }) {
  return (
    <>
      <span className="stat-label">{label}</span>
      <span className="stat-value">{value}</span>
    </>
  );
}

/** The catalog at a glance; the usernames card opens the monitored-usernames list. */
export function StatCards({ stats, failed, onRetry, onOpenUsernames }: Props) {
  return (
    <div className="stat-cards-wrap">
      {failed && (
        <div className="alert alert-error portal-inline-alert" role="alert">
          <span>Could not load the catalog stats.</span>
          <button type="button" className="btn btn-ghost" onClick={onRetry}>
            Try again
          </button>
        </div>
      )}
      <ul className="stat-cards" aria-label="Catalog stats">
        {CARDS.map(([field, label]) => {
          const value = stats ? formatNumber(stats[field]) : "–";
          return (
            <li key={field}>
              {field === "totalUsernames" ? (
                <button
                  type="button"
                  className="stat-card stat-card-action"
                  onClick={onOpenUsernames}
                  aria-haspopup="dialog"
                  title="Show monitored usernames"
                >
                  <CardBody label={label} value={value} />
                  <span className="stat-hint">Manage</span>
                </button>
              ) : (
                <div className="stat-card">
                  <CardBody label={label} value={value} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
