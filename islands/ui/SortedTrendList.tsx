import type { Trend } from "../lib/api-types";
import { LabelledSelect } from "./LabelledSelect";
import { ScrollList, type ListTexts } from "./ScrollList";
import { TrendCard } from "./TrendCard";
import { TREND_SORTS, type TrendSort } from "../lib/trends";
import { shownOptions } from "../lib/sort-names";
import type { PagedItems } from "../lib/usePagedItems";
import { t } from "../lib/i18n";

interface Props {
  /** The list's loading, failure and empty texts: each page words them its own way. */
  texts: ListTexts;
  sort: TrendSort;
  onSortChange: (sort: TrendSort) => void;
  trends: PagedItems<Trend>;
  selectedKey: string | null;
  onSelect: (trend: Trend) => void;
}

/** The trend sort, then the trend cards, 20 more at 85% scroll (Dance Trends, a channel's Trends tab). */
export function SortedTrendList({ texts, sort, onSortChange, trends, selectedKey, onSelect }: Props) {
  return (
    <>
      <LabelledSelect label={t("Sort trends")} value={sort} options={shownOptions(TREND_SORTS)} onChange={onSortChange} />
      <ScrollList
        label={t("Dance trends")}
        settled={trends.settled}
        failed={trends.failed}
        loadingMore={trends.loading}
        itemCount={trends.items.length}
        texts={texts}
        onNearEnd={trends.loadMore}
      >
        {trends.items.map((trend) => (
          <li key={trend.songKey}>
            <TrendCard
              trend={trend}
              selected={trend.songKey === selectedKey}
              onSelect={onSelect}
              dated={sort === "lastVideoDate" ? "last" : "first"}
            />
          </li>
        ))}
      </ScrollList>
    </>
  );
}
