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
}

/** A trend in a list: track, artist, 'Original' for original sounds, videos, views, likes, its first date and its
 * last weeks as a sparkline. */
export function TrendCard({ trend, selected, onSelect }: Props) {
  const first = shortDate(trend.firstVideoDate);
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
      {(first || trend.recentWeeks) && (
        <span className="watch-item-meta trend-item-meta">
          {first && <span>{t("First: {date}", { date: first })}</span>}
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
