import type { Playlist } from "../lib/api-types";
import { videoCountText } from "../lib/count-text";
import { ListItemButton } from "./ListItemButton";
import { ScrollList } from "./ScrollList";
import type { PagedItems } from "../lib/usePagedItems";
import { categoryListTexts } from "./CategoryTabs";
import { t } from "../lib/i18n";



interface Props {
  playlists: PagedItems<Playlist>;
  /** The signed-in viewer's own playlists, private ones too: listed first, under a heading of their own. */
  own?: readonly Playlist[];
  selectedId: string | null;
  onSelect: (playlist: Playlist) => void;
}

/** The public playlists: name, video count, creator and description, 50 more at 85% scroll; the viewer's own
 * first, a private one marked so (nowhere else lists it). */
export function PlaylistList({ playlists, own = [], selectedId, onSelect }: Props) {
  const ownIds = new Set(own.map((playlist) => playlist._id));
  const others = playlists.items.filter((playlist) => !ownIds.has(playlist._id));
  const item = (playlist: Playlist) => (
    <li key={playlist._id}>
      <ListItemButton
        className="playlist-item"
        selected={playlist._id === selectedId}
        onSelect={() => onSelect(playlist)}
        title={
          <>
            <span className="watch-item-name">{playlist.name}</span>
            {!playlist.isPublic && <span className="badge watch-item-private">{t("Private")}</span>}
            <span className="watch-item-count">{videoCountText(playlist.videoCount)}</span>
          </>
        }
      >
        {playlist.createdBy.username && <span className="watch-item-meta">{t("by @{username}", { username: playlist.createdBy.username })}</span>}
        {playlist.description && <span className="watch-item-subtitle">{playlist.description}</span>}
      </ListItemButton>
    </li>
  );
  return (
    <ScrollList
      label={own.length > 0 ? t("Playlists") : t("Public playlists")}
      settled={playlists.settled}
      failed={playlists.failed}
      loadingMore={playlists.loading}
      itemCount={own.length + others.length}
      texts={{ ...categoryListTexts(), empty: t("No playlists found") }}
      onNearEnd={playlists.loadMore}
    >
      {own.length > 0 && <ListHeading text={t("Your playlists")} />}
      {own.map(item)}
      {own.length > 0 && others.length > 0 && <ListHeading text={t("Public playlists")} />}
      {others.map(item)}
    </ScrollList>
  );
}

function ListHeading({ text }: { text: string }) {
  return (
    <li role="presentation" className="watch-list-heading">
      {text}
    </li>
  );
}
