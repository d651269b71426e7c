import type { Playlist } from "../lib/api-types";
import type { PagedItems } from "../lib/usePagedItems";
import { PlaylistItem, type LeadingRows } from "../ui/PlaylistList";
import { t } from "../lib/i18n";

/** The signed-in viewer's own playlists (private ones too: nowhere else lists them) first, under a heading of their
 * own, above everyone's public ones less the viewer's; with none of their own, the public ones as they are. */
export function withOwnPlaylists(
  own: readonly Playlist[],
  playlists: PagedItems<Playlist>,
  selectedId: string | null,
  onSelect: (playlist: Playlist) => void,
): { playlists: PagedItems<Playlist>; lead?: LeadingRows } {
  if (own.length === 0) return { playlists };
  const ownIds = new Set(own.map((playlist) => playlist._id));
  const others = playlists.items.filter((playlist) => !ownIds.has(playlist._id));
  const rows = (
    <>
      <ListHeading text={t("Your playlists")} />
      {own.map((playlist) => (
        <PlaylistItem key={playlist._id} playlist={playlist} selected={playlist._id === selectedId} onSelect={onSelect} />
      ))}
      {others.length > 0 && <ListHeading text={t("Public playlists")} />}
    </>
  );
  return { playlists: { ...playlists, items: others }, lead: { rows, count: own.length, label: t("Playlists") } };
}

function ListHeading({ text }: { text: string }) {
  return (
    <li role="presentation" className="watch-list-heading">
      {text}
    </li>
  );
}
