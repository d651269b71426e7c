import { useState, type FormEvent } from "react";
import { serverMessage } from "../lib/api";
import type { Playlist } from "../lib/api-types";
import { FormField } from "../ui/FormField";
import { importPlaylist, type ImportedPlaylist, type PlaylistImport } from "./playlists-api";
import { PLAYLIST_NAME_MAX_LENGTH } from "./playlist-state";

export const IMPORT_MAX_BYTES = 500_000;
const IMPORT_FAILED = "Could not import the playlist. Please try again.";
const NOTHING_TO_IMPORT = "Choose an exported file or paste TikTok links";
const TOO_BIG = "The file is too large to import (500 KB at most)";
const SHOWN_MISSES = 5;

/** The import format a file's name implies: our JSON export, CSV with a url column, else one link per line. */
export function formatOfFile(name: string): PlaylistImport["format"] {
  const lower = name.toLowerCase();
  if (lower.endsWith(".json")) return "json";
  if (lower.endsWith(".csv")) return "csv";
  return "urls";
}

function Outcome({ result }: { result: ImportedPlaylist }) {
  const missed = [...result.unknown, ...result.invalid].slice(0, SHOWN_MISSES);
  const missedCount = result.unknownCount + result.invalidCount;
  return (
    <div className={missedCount ? "alert alert-warning" : "alert alert-success"} role="status">
      <p>
        {result.message} into “{result.playlist.name}”.
      </p>
      {result.unknownCount > 0 && <p>{result.unknownCount} are not in the catalog yet.</p>}
      {result.invalidCount > 0 && <p>{result.invalidCount} are not TikTok video links.</p>}
      {missed.length > 0 && (
        <ul className="playlist-import-misses">
          {missed.map((entry) => (
            <li key={entry}>{entry}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A new playlist from a file exported here (JSON or CSV) or from pasted TikTok links; it starts private. */
export function ImportPlaylistForm({ onImported }: { onImported: (playlist: Playlist) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState("");
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportedPlaylist | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!file && !pasted.trim()) return setError(NOTHING_TO_IMPORT);
    if (file && file.size > IMPORT_MAX_BYTES) return setError(TOO_BIG);
    setBusy(true);
    setError(null);
    try {
      const body: PlaylistImport = file
        ? { format: formatOfFile(file.name), content: await file.text(), name: name.trim(), isPublic: false }
        : { format: "urls", content: pasted, name: name.trim(), isPublic: false };
      const imported = await importPlaylist(body);
      setResult(imported);
      onImported(imported.playlist);
    } catch (failure) {
      console.error("Importing the playlist failed", failure);
      setError(serverMessage(failure, IMPORT_FAILED));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="playlist-create playlist-import" noValidate onSubmit={handleSubmit} aria-busy={busy}>
      {result && <Outcome result={result} />}
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <FormField label="Exported file (JSON or CSV)">
        {(control) => (
          <input
            {...control}
            className="input"
            type="file"
            accept=".json,.csv,.txt,application/json,text/csv,text/plain"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        )}
      </FormField>
      <FormField label="Or paste TikTok links, one per line">
        {(control) => (
          <textarea
            {...control}
            className="input textarea"
            rows={4}
            disabled={file !== null}
            value={pasted}
            onChange={(event) => setPasted(event.target.value)}
          />
        )}
      </FormField>
      <FormField label="Name (optional)">
        {(control) => (
          <input
            {...control}
            className="input"
            type="text"
            maxLength={PLAYLIST_NAME_MAX_LENGTH}
            autoComplete="off"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </FormField>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? "Importing..." : "Import"}
      </button>
    </form>
  );
}
