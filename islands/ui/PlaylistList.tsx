import type { ReactNode } from "react";
import type { Playlist } from "../lib/api-types";
import { videoCountText } from "../lib/count-text";
import { ListItemButton } from "./ListItemButton";
import { ScrollList } from "./ScrollList";
import type { PagedItems } from "../lib/usePagedItems";
import { categoryListTexts } from "./CategoryTabs";
import { t } from "../lib/i18n";

/** Rows a list shows before its public playlists (Categories: the viewer's own), their number and the list's name. */
export interface LeadingRows {
  rows: ReactNode;
  count: number;
  label: string;
}

interface Props {
  playlists: PagedItems<Playlist>;
  selectedId: string | null;
  onSelect: (playlist: Playlist) => void;
  lead?: LeadingRows;
}

/** The public playlists: name, video count, creator and description, 50 more at 85% scroll. */
export function PlaylistList({ playlists, selectedId, onSelect, lead }: Props) {
  return (
    <ScrollList
      label={lead?.label ?? t("Public playlists")}
      settled={playlists.settled}
      failed={playlists.failed}
      loadingMore={playlists.loading}
      itemCount={(lead?.count ?? 0) + playlists.items.length}
      texts={{ ...categoryListTexts(), empty: t("No playlists found") }}
      onNearEnd={playlists.loadMore}
    >
      {lead?.rows}
      {playlists.items.map((playlist) => (
        <PlaylistItem key={playlist._id} playlist={playlist} selected={playlist._id === selectedId} onSelect={onSelect} />
      ))}
    </ScrollList>
  );
}

/** One playlist's row; a private one (only its owner sees it) is marked so. */
export function PlaylistItem({ playlist, selected, onSelect }: { playlist: Playlist; selected: boolean; onSelect: (playlist: Playlist) => void }) {
  return (
    <li>
      <ListItemButton
        className="playlist-item"
        selected={selected}
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
}
