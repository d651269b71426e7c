import { useId } from "react";
import type { Trend } from "../lib/api-types";
import { SearchIcon } from "../ui/icons";
import type { ListTexts } from "../ui/ScrollList";
import { SortedTrendList } from "../ui/SortedTrendList";
import type { TrendSort } from "../lib/trends";
import type { PagedItems } from "../lib/usePagedItems";
import { t } from "../lib/i18n";

export function trendListTexts(): ListTexts {
  return {
    loading: t("Loading Dance Trends..."),
    failed: t("Unable to load trends"),
    empty: t("No dance trends found"),
  };
}

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
          {t("Search dance trends")}
        </label>
        <div className="search-box">
          <SearchIcon />
          <input
            id={searchId}
            className="input search-input"
            type="search"
            value={props.searchText}
            placeholder={t("Search by song or artist...")}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => props.onSearchTextChange(event.target.value)}
          />
        </div>
      </form>
      <SortedTrendList
        texts={trendListTexts()}
        sort={props.sort}
        onSortChange={props.onSortChange}
        trends={props.trends}
        selectedKey={props.selectedKey}
        onSelect={props.onSelect}
      />
    </>
  );
}
