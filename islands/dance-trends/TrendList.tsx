import { useId } from "react";
import { SearchIcon } from "../ui/icons";
import { LabelledSelect } from "../watch/LabelledSelect";
import { ScrollList } from "../watch/ScrollList";
import { TrendCard } from "../watch/TrendCard";
import { TREND_SORTS, type Trend, type TrendSort } from "../watch/trends";
import type { PagedItems } from "../watch/usePagedItems";

export const TREND_LIST_TEXTS = {
  loading: "Loading Dance Trends...",
  failed: "Unable to load trends",
  empty: "No dance trends found",
} as const;

interface Props {
  searchText: string;
  onSearchTextChange: (text: string) => void;
  /** Enter in the search box: search now rather than after the typing pause. */
  onSearchNow: () => void;
  sort: TrendSort;
  onSortChange: (sort: TrendSort) => void;
  trends: PagedItems<Trend>;
  selectedKey: string | null;
  onSelect: (trend: Trend) => void;
}

/** Search, sort and the trend cards, 20 at a time, more at 85% scroll. */
export function TrendList(props: Props) {
  const { trends } = props;
  const searchId = useId();
  return (
    <>
      <form
        className="watch-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          props.onSearchNow();
        }}
      >
        <label className="visually-hidden" htmlFor={searchId}>
          Search dance trends
        </label>
        <div className="search-box">
          <SearchIcon />
          <input
            id={searchId}
            className="input search-input"
            type="search"
            value={props.searchText}
            placeholder="Search by song or artist..."
            maxLength={100}
            autoComplete="off"
            onChange={(event) => props.onSearchTextChange(event.target.value)}
          />
        </div>
      </form>
      <LabelledSelect label="Sort trends" value={props.sort} options={TREND_SORTS} onChange={props.onSortChange} />
      <ScrollList
        label="Dance trends"
        settled={trends.settled}
        failed={trends.failed}
        loadingMore={trends.loading}
        itemCount={trends.items.length}
        texts={TREND_LIST_TEXTS}
        onNearEnd={trends.loadMore}
      >
        {trends.items.map((trend) => (
          <li key={trend.songKey}>
            <TrendCard trend={trend} selected={trend.songKey === props.selectedKey} onSelect={props.onSelect} />
          </li>
        ))}
      </ScrollList>
    </>
  );
}
