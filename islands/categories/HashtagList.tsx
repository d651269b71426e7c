import type { Hashtag } from "../lib/api-types";
import { normaliseHashtag } from "../lib/share";
import { categoryListTexts } from "../ui/CategoryTabs";
import { shownOptions } from "../lib/sort-names";
import { LabelledSelect } from "../ui/LabelledSelect";
import { HashtagRow } from "../ui/HashtagRow";
import { ScrollList } from "../ui/ScrollList";
import { HASHTAG_SORTS, visibleHashtags, YEAR_OPTIONS, type HashtagFilter } from "../lib/hashtag-list";
import type { HashtagList as Hashtags } from "./useHashtagList";
import { t } from "../lib/i18n";

interface Props {
  filter: HashtagFilter;
  onFilterChange: (filter: HashtagFilter) => void;
  hashtags: Hashtags;
  selected: string | null;
  onSelect: (entry: Hashtag) => void;
}

/** The Year filter, the 'Sort by' menu and the hashtags (selected one first), 50 more at 85% scroll. */
export function HashtagList({ filter, onFilterChange, hashtags, selected, onSelect }: Props) {
  const { state } = hashtags;
  const entries = visibleHashtags(state.entries, state.shown, selected);
  return (
    <>
      <div className="watch-filters">
        <LabelledSelect
          label={t("Year")}
          value={filter.year === null ? "" : String(filter.year)}
          options={shownOptions(YEAR_OPTIONS)}
          onChange={(year) => onFilterChange({ ...filter, year: year ? Number(year) : null })}
        />
        <LabelledSelect
          label={t("Sort by")}
          value={filter.sortBy}
          options={shownOptions(HASHTAG_SORTS)}
          onChange={(sortBy) => onFilterChange({ ...filter, sortBy })}
        />
      </div>
      <ScrollList
        label={t("Hashtags")}
        settled={state.loadedFirst}
        failed={state.error !== null}
        loadingMore={state.loading}
        itemCount={entries.length}
        texts={categoryListTexts()}
        onNearEnd={hashtags.showMore}
      >
        {entries.map((entry) => {
          const tag = normaliseHashtag(entry.hashtag);
          return <HashtagRow key={tag} entry={entry} selected={tag === selected} onSelect={onSelect} />;
        })}
      </ScrollList>
    </>
  );
}
