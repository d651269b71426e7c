import type { Hashtag } from "../lib/api-types";
import { normaliseHashtag } from "../lib/share";
import { categoryListTexts } from "./CategoryTabs";
import { HashtagRow } from "./HashtagRow";
import { ScrollList } from "./ScrollList";
import type { PagedItems } from "../lib/usePagedItems";
import { t } from "../lib/i18n";

interface Props {
  hashtags: PagedItems<Hashtag>;
  selected: string | null;
  onSelect: (entry: Hashtag) => void;
}

/** The hashtags of a set of creators, most used first, with their counts and an example caption. */
export function HashtagFilterList({ hashtags, selected, onSelect }: Props) {
  return (
    <ScrollList
      label={t("Hashtags")}
      settled={hashtags.settled}
      failed={hashtags.failed}
      loadingMore={hashtags.loading}
      itemCount={hashtags.items.length}
      texts={categoryListTexts()}
      onNearEnd={hashtags.loadMore}
    >
      {hashtags.items.map((entry) => {
        const tag = normaliseHashtag(entry.hashtag);
        return <HashtagRow key={tag} entry={entry} selected={tag === selected} onSelect={onSelect} />;
      })}
    </ScrollList>
  );
}
