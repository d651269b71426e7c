import type { CatalogCounts } from "../lib/api-types";
import { formatNumber } from "./format";
import { t } from "../lib/i18n";

interface Props {
  stats: CatalogCounts | null;
  failed: boolean;
  onRetry: () => void;
  onOpenUsernames: () => void;
}

function cards(): ReadonlyArray<readonly [keyof CatalogCounts, string]> {
  return [
    ["totalUsernames", t("Total Usernames")],
    ["activeUsernames", t("Active Usernames")],
    ["totalVideos", t("Total Videos")],
    ["activeVideos", t("Active Videos")],
  ];
}

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
          <span>{t("Could not load the catalog stats.")}</span>
          <button type="button" className="btn btn-ghost" onClick={onRetry}>
            {t("Try again")}
          </button>
        </div>
      )}
      <ul className="stat-cards" aria-label={t("Catalog stats")}>
        {cards().map(([field, label]) => {
          const value = stats ? formatNumber(stats[field]) : "–";
          return (
            <li key={field}>
              {field === "totalUsernames" ? (
                <button
                  type="button"
                  className="stat-card stat-card-action"
                  onClick={onOpenUsernames}
                  aria-haspopup="dialog"
                  title={t("Show monitored usernames")}
                >
                  <CardBody label={label} value={value} />
                  <span className="stat-hint">{t("Manage")}</span>
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
