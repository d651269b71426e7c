import { formatCount } from "../lib/format";
import { normaliseHashtag } from "../lib/share";
import { videoCountText } from "../lib/count-text";
import { ListItemButton } from "./ListItemButton";

export interface HashtagRowEntry {
  hashtag: string;
  count: number;
  exampleDescription?: string | null;
}

interface Props<E extends HashtagRowEntry> {
  entry: E;
  selected: boolean;
  onSelect: (entry: E) => void;
}

/** One hashtag in a list: the tag, its video count and an example caption. */
export function HashtagRow<E extends HashtagRowEntry>({ entry, selected, onSelect }: Props<E>) {
  return (
    <li>
      <ListItemButton
        className="hashtag-item"
        selected={selected}
        onSelect={() => onSelect(entry)}
        title={
          <>
            <span className="watch-item-name">#{normaliseHashtag(entry.hashtag)}</span>
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
}
