import { LabelledSelect } from "../watch/LabelledSelect";
import { ScrollList } from "../watch/ScrollList";
import { TrendCard } from "../watch/TrendCard";
import { TREND_SORTS, type Trend, type TrendSort } from "../watch/trends";
import type { PagedItems } from "../watch/usePagedItems";

export const TREND_FILTER_TEXTS = {
  loading: "Loading trends...",
  failed: "Unable to load trends",
  empty: "No dance trends found",
} as const;

interface Props {
  sort: TrendSort;
  onSortChange: (sort: TrendSort) => void;
  trends: PagedItems<Trend>;
  selectedKey: string | null;
  onSelect: (trend: Trend) => void;
}

/** The Trends tab: the trend sort, then the trend cards, 20 more at 85% scroll. */
export function TrendFilterList({ sort, onSortChange, trends, selectedKey, onSelect }: Props) {
  return (
    <>
      <LabelledSelect label="Sort trends" value={sort} options={TREND_SORTS} onChange={onSortChange} />
      <ScrollList
        label="Dance trends"
        settled={trends.settled}
        failed={trends.failed}
        loadingMore={trends.loading}
        itemCount={trends.items.length}
        texts={TREND_FILTER_TEXTS}
        onNearEnd={trends.loadMore}
      >
        {trends.items.map((trend) => (
          <li key={trend.songKey}>
            <TrendCard trend={trend} selected={trend.songKey === selectedKey} onSelect={onSelect} />
          </li>
        ))}
      </ScrollList>
    </>
  );
}
