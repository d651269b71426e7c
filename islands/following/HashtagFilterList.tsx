import { formatCount } from "../lib/format";
import { normaliseHashtag } from "../lib/share";
import type { HashtagEntry } from "../categories/hashtag-list";
import { CATEGORY_LIST_TEXTS } from "../categories/HashtagList";
import { videoCountText } from "../watch/count-text";
import { ListItemButton } from "../watch/ListItemButton";
import { ScrollList } from "../watch/ScrollList";
import type { PagedItems } from "../watch/usePagedItems";

interface Props {
  hashtags: PagedItems<HashtagEntry>;
  selected: string | null;
  onSelect: (entry: HashtagEntry) => void;
}

/** The hashtags of a set of creators, most used first, with their counts and an example caption. */
export function HashtagFilterList({ hashtags, selected, onSelect }: Props) {
  return (
    <ScrollList
      label="Hashtags"
      settled={hashtags.settled}
      failed={hashtags.failed}
      loadingMore={hashtags.loading}
      itemCount={hashtags.items.length}
      texts={CATEGORY_LIST_TEXTS}
      onNearEnd={hashtags.loadMore}
    >
      {hashtags.items.map((entry) => {
        const tag = normaliseHashtag(entry.hashtag);
        return (
          <li key={tag}>
            <ListItemButton
              className="hashtag-item"
              selected={tag === selected}
              onSelect={() => onSelect(entry)}
              title={
                <>
                  <span className="watch-item-name">#{tag}</span>
                  <span className="watch-item-count" aria-label={videoCountText(entry.count)}>
                    {formatCount(entry.count)}
                  </span>
                </>
              }
            >
              {entry.exampleDescription && <span className="watch-item-subtitle">{entry.exampleDescription}</span>}
            </ListItemButton>
          </li>
        );
      })}
    </ScrollList>
  );
}
