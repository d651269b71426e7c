import { useEffect, useRef, useState, type FormEvent } from "react";
import type { Playlist } from "../lib/api-types";
import { FormField } from "../ui/FormField";
import { createPlaylist } from "./playlists-api";
import {
  PLAYLIST_DESCRIPTION_MAX_LENGTH,
  PLAYLIST_NAME_MAX_LENGTH,
  playlistName,
} from "./playlist-state";
import { t } from "../lib/i18n";


/** Name (required, trimmed, ≤ 100) and description (≤ 500); new playlists start private. */
export function CreatePlaylistForm({ onCreated }: { onCreated: (playlist: Playlist) => void }) {
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);

  useEffect(() => nameRef.current?.focus(), []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const trimmed = playlistName(name);
    if (!trimmed) {
      window.alert(t("Please enter a playlist name"));
      return;
    }
    setBusy(true);
    try {
      onCreated(await createPlaylist({ name: trimmed, description: description.trim() }));
    } catch (error) {
      console.error("Creating the playlist failed", error);
      window.alert(t("Error creating playlist. Please try again."));
      setBusy(false);
    }
  }

  return (
    <form className="playlist-create" noValidate onSubmit={handleSubmit} aria-busy={busy}>
      <FormField label={t("Playlist Name")}>
        {(control) => (
          <input
            {...control}
            ref={nameRef}
            className="input"
            name="name"
            type="text"
            maxLength={PLAYLIST_NAME_MAX_LENGTH}
            autoComplete="off"
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </FormField>
      <FormField label={t("Description (optional)")}>
        {(control) => (
          <textarea
            {...control}
            className="textarea playlist-description"
            name="description"
            rows={2}
            maxLength={PLAYLIST_DESCRIPTION_MAX_LENGTH}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        )}
      </FormField>
      <p className="field-hint">{t("New playlists are private until you make them public.")}</p>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy || !playlistName(name)}>
        {busy ? t("Creating...") : t("Create Playlist")}
      </button>
    </form>
  );
}
