import { useState, type FormEvent } from "react";
import { serverMessage } from "../lib/api";
import type { Playlist } from "../lib/api-types";
import { FormField } from "../ui/FormField";
import { importPlaylist, type ImportedPlaylist, type PlaylistImport } from "./playlists-api";
import { PLAYLIST_NAME_MAX_LENGTH } from "./playlist-state";
import { t } from "../lib/i18n";

export const IMPORT_MAX_BYTES = 500_000;

const SHOWN_MISSES = 5;

/** The import format a file's name implies: our JSON export, CSV with a url column, else one link per line. */
export function formatOfFile(name: string): PlaylistImport["format"] {
  const lower = name.toLowerCase();
  if (lower.endsWith(".json")) return "json";
  if (lower.endsWith(".csv")) return "csv";
  return "urls";
}

function Misses({ heading, entries }: { heading: string; entries: string[] }) {
  return (
    <>
      <p>{heading}</p>
      {entries.length > 0 && (
        <ul className="playlist-import-misses">
          {entries.slice(0, SHOWN_MISSES).map((entry) => (
            <li key={entry}>{entry}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/** What was added, then each kind of link that was not, with the first few of them under it. */
function Outcome({ result }: { result: ImportedPlaylist }) {
  const { unknownCount, invalidCount } = result;
  return (
    <div className={unknownCount + invalidCount ? "alert alert-warning" : "alert alert-success"} role="status">
      <p>{t("{message} into “{name}”.", { message: result.message, name: result.playlist.name })}</p>
      {unknownCount > 0 && (
        <Misses
          heading={
            unknownCount === 1
              ? t("1 link is not in the catalog yet:")
              : t("{count} links are not in the catalog yet:", { count: unknownCount })
          }
          entries={result.unknown}
        />
      )}
      {invalidCount > 0 && (
        <Misses
          heading={
            invalidCount === 1
              ? t("1 line is not a TikTok video link:")
              : t("{count} lines are not TikTok video links:", { count: invalidCount })
          }
          entries={result.invalid}
        />
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
    const form = event.currentTarget;
    if (busy) return;
    if (!file && !pasted.trim()) return setError(t("Choose an exported file or paste TikTok links"));
    if (file && file.size > IMPORT_MAX_BYTES) return setError(t("The file is too large to import (500 KB at most)"));
    setBusy(true);
    setError(null);
    try {
      const body: PlaylistImport = file
        ? { format: formatOfFile(file.name), content: await file.text(), name: name.trim(), isPublic: false }
        : { format: "urls", content: pasted, name: name.trim(), isPublic: false };
      const imported = await importPlaylist(body);
      setResult(imported);
      onImported(imported.playlist);
      // Imported: a second press would make a second playlist of the same links.
      form.reset();
      setFile(null);
      setPasted("");
      setName("");
    } catch (failure) {
      console.error("Importing the playlist failed", failure);
      setError(serverMessage(failure, t("Could not import the playlist. Please try again.")));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="playlist-form playlist-import" noValidate onSubmit={handleSubmit} aria-busy={busy}>
      {result && <Outcome result={result} />}
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <FormField label={t("Exported file (JSON or CSV)")}>
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
      <FormField label={t("Or paste TikTok links, one per line")}>
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
      <FormField label={t("Name (optional)")}>
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
        {busy ? t("Importing...") : t("Import")}
      </button>
    </form>
  );
}
