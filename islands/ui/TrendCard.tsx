import type { Trend } from "../lib/api-types";
import { formatCount, UNKNOWN_ARTIST, UNKNOWN_TRACK } from "../lib/format";
import { videoCountText } from "../lib/count-text";
import { ListItemButton } from "./ListItemButton";
import { shortDate } from "../lib/trends";

interface Props {
  trend: Trend;
  selected: boolean;
  onSelect: (trend: Trend) => void;
}

/** A trend in a list: track, artist, 'Original' for original sounds, videos, views, likes and its first date. */
export function TrendCard({ trend, selected, onSelect }: Props) {
  const first = shortDate(trend.firstVideoDate);
  return (
    <ListItemButton
      className="trend-item"
      selected={selected}
      onSelect={() => onSelect(trend)}
      title={
        <>
          <span className="watch-item-name">{trend.track || UNKNOWN_TRACK}</span>
          {trend.isOriginalSound && <span className="badge">Original</span>}
        </>
      }
    >
      <span className="watch-item-subtitle">{trend.artist || UNKNOWN_ARTIST}</span>
      <span className="watch-item-stats">
        <span>{videoCountText(trend.videoCount)}</span>
        <span>{formatCount(trend.totalViews)} views</span>
        <span>{formatCount(trend.totalLikes)} likes</span>
      </span>
      {first && <span className="watch-item-meta">First: {first}</span>}
    </ListItemButton>
  );
}
