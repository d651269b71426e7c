import { useEffect, useRef, useState, type FormEvent } from "react";
import type { Playlist } from "../lib/api-types";
import { FormField } from "../ui/FormField";
import { createPlaylist, updatePlaylistDetails, type PlaylistDetails } from "./playlists-api";
import {
  PLAYLIST_DESCRIPTION_MAX_LENGTH,
  PLAYLIST_NAME_MAX_LENGTH,
  playlistName,
} from "./playlist-state";
import { t } from "../lib/i18n";

interface Props {
  /** The details the fields start with: empty for a new playlist. */
  initial: PlaylistDetails;
  save: (details: PlaylistDetails) => Promise<Playlist>;
  onSaved: (playlist: Playlist) => void;
  /** The spec's alert when saving fails. */
  failureAlert: string;
  submitLabel: string;
  busyLabel: string;
  label?: string;
  onCancel?: () => void;
  hint?: string;
}

/** A playlist's name (required, trimmed, ≤ 100) and description (≤ 500), as it is created and as it is edited. */
function PlaylistForm({ initial, save, onSaved, failureAlert, submitLabel, busyLabel, label, onCancel, hint }: Props) {
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description);
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
      onSaved(await save({ name: trimmed, description: description.trim() }));
    } catch (error) {
      console.error(failureAlert, error);
      window.alert(failureAlert);
      setBusy(false);
    }
  }

  return (
    <form className="playlist-form" noValidate onSubmit={handleSubmit} aria-busy={busy} aria-label={label}>
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
      {hint ? <p className="field-hint">{hint}</p> : null}
      <div className="playlist-form-actions">
        {onCancel ? (
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={onCancel}>
            {t("Cancel")}
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={busy || !playlistName(name)}>
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}

const NO_DETAILS: PlaylistDetails = { name: "", description: "" };

/** New playlists start private. */
export function CreatePlaylistForm({ onCreated }: { onCreated: (playlist: Playlist) => void }) {
  return (
    <PlaylistForm
      initial={NO_DETAILS}
      save={createPlaylist}
      onSaved={onCreated}
      failureAlert={t("Error creating playlist. Please try again.")}
      submitLabel={t("Create Playlist")}
      busyLabel={t("Creating...")}
      hint={t("New playlists are private until you make them public.")}
    />
  );
}

/** A playlist's name and description changed in its row of the list. */
export function EditPlaylistForm({ playlist, onSaved, onCancel }: { playlist: Playlist; onSaved: (playlist: Playlist) => void; onCancel: () => void }) {
  return (
    <PlaylistForm
      initial={{ name: playlist.name, description: playlist.description }}
      save={(details) => updatePlaylistDetails(playlist._id, details)}
      onSaved={onSaved}
      failureAlert={t("Error updating playlist. Please try again.")}
      submitLabel={t("Save")}
      busyLabel={t("Saving...")}
      label={t("Rename {name}", { name: playlist.name })}
      onCancel={onCancel}
    />
  );
}
