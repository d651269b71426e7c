import type { Playlist } from "../lib/api-types";
import { videoCountText } from "../lib/count-text";
import { ListItemButton } from "./ListItemButton";
import { ScrollList } from "./ScrollList";
import type { PagedItems } from "../lib/usePagedItems";
import { categoryListTexts } from "./CategoryTabs";
import { t } from "../lib/i18n";



interface Props {
  playlists: PagedItems<Playlist>;
  selectedId: string | null;
  onSelect: (playlist: Playlist) => void;
}

/** The public playlists: name, video count, creator and description, 50 more at 85% scroll. */
export function PlaylistList({ playlists, selectedId, onSelect }: Props) {
  return (
    <ScrollList
      label={t("Public playlists")}
      settled={playlists.settled}
      failed={playlists.failed}
      loadingMore={playlists.loading}
      itemCount={playlists.items.length}
      texts={{ ...categoryListTexts(), empty: t("No playlists found") }}
      onNearEnd={playlists.loadMore}
    >
      {playlists.items.map((playlist) => (
        <li key={playlist._id}>
          <ListItemButton
            className="playlist-item"
            selected={playlist._id === selectedId}
            onSelect={() => onSelect(playlist)}
            title={
              <>
                <span className="watch-item-name">{playlist.name}</span>
                <span className="watch-item-count">{videoCountText(playlist.videoCount)}</span>
              </>
            }
          >
            {playlist.createdBy.username && <span className="watch-item-meta">{t("by @{username}", { username: playlist.createdBy.username })}</span>}
            {playlist.description && <span className="watch-item-subtitle">{playlist.description}</span>}
          </ListItemButton>
        </li>
      ))}
    </ScrollList>
  );
}
