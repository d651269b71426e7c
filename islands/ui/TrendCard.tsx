import type { Trend } from "../lib/api-types";
import { formatCount, UNKNOWN_ARTIST, UNKNOWN_TRACK } from "../lib/format";
import { videoCountText } from "../lib/count-text";
import { ListItemButton } from "./ListItemButton";
import { shortDate } from "../lib/trends";
import { Sparkline } from "./Sparkline";
import { t } from "../lib/i18n";

interface Props {
  trend: Trend;
  selected: boolean;
  onSelect: (trend: Trend) => void;
  /** The date shown: its latest video's when the list is sorted by it, else its first's. */
  dated?: "first" | "last";
}

/** A trend in a list: track, artist, 'Original' for original sounds, videos, views, likes, its first (or last) date
 * and its last weeks as a sparkline. */
export function TrendCard({ trend, selected, onSelect, dated = "first" }: Props) {
  const date = shortDate(dated === "last" ? trend.lastVideoDate : trend.firstVideoDate);
  return (
    <ListItemButton
      className="trend-item"
      selected={selected}
      onSelect={() => onSelect(trend)}
      title={
        <>
          <span className="watch-item-name">{trend.track || t(UNKNOWN_TRACK)}</span>
          {trend.isOriginalSound && <span className="badge">{t("Original")}</span>}
        </>
      }
    >
      <span className="watch-item-subtitle">{trend.artist || t(UNKNOWN_ARTIST)}</span>
      <span className="watch-item-stats">
        <span>{videoCountText(trend.videoCount)}</span>
        <span>{t("{count} views", { count: formatCount(trend.totalViews) })}</span>
        <span>{t("{count} likes", { count: formatCount(trend.totalLikes) })}</span>
      </span>
      {(date || trend.recentWeeks) && (
        <span className="watch-item-meta trend-item-meta">
          {date && <span>{dated === "last" ? t("Last: {date}", { date }) : t("First: {date}", { date })}</span>}
          {trend.recentWeeks && (
            <span className="trend-item-spark">
              <Sparkline values={trend.recentWeeks} />
            </span>
          )}
        </span>
      )}
    </ListItemButton>
  );
}
