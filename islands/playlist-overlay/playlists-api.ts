import { api } from "../lib/api";
import type { Answer, Playlist, RequestBody } from "../lib/api-types";

const playlistPath = (playlistId: string) => `/api/playlists/${encodeURIComponent(playlistId)}`;

/** The viewer's playlists, and the ids of those that already hold the video. */
export async function loadPlaylists(videoId: string): Promise<{ playlists: Playlist[]; containing: string[] }> {
  const [mine, withVideo] = await Promise.all([
    api.get<Answer<"PlaylistList">>("/api/playlists/my"),
    api.get<Answer<"PlaylistList">>(`/api/videos/${encodeURIComponent(videoId)}/playlists`),
  ]);
  return { playlists: mine.playlists, containing: withVideo.playlists.map((playlist) => playlist._id) };
}

export interface PlaylistDetails {
  name: string;
  description: string;
}

/** Creates a private playlist. */
export async function createPlaylist({ name, description }: PlaylistDetails): Promise<Playlist> {
  return api.post<Playlist>("/api/playlists", { name, description, isPublic: false });
}

/** Renames a playlist and sets its description. */
export async function updatePlaylistDetails(playlistId: string, details: PlaylistDetails): Promise<Playlist> {
  return api.patch<Playlist>(playlistPath(playlistId), details);
}

export async function setPlaylistPublic(playlistId: string, isPublic: boolean): Promise<Playlist> {
  return api.patch<Playlist>(playlistPath(playlistId), { isPublic });
}

export async function deletePlaylist(playlistId: string): Promise<void> {
  await api.delete(playlistPath(playlistId));
}

export async function addVideo(playlistId: string, videoId: string): Promise<Playlist> {
  return api.post<Playlist>(`${playlistPath(playlistId)}/videos`, { videoId });
}

export async function removeVideo(playlistId: string, videoId: string): Promise<Playlist> {
  return api.delete<Playlist>(`${playlistPath(playlistId)}/videos/${encodeURIComponent(videoId)}`);
}

export type PlaylistImport = RequestBody<"ImportBody">;
export type ImportedPlaylist = Answer<"ImportedPlaylist">;

/** A new private playlist from an export or pasted TikTok URLs; the answer says what was added and what was not. */
export async function importPlaylist(body: PlaylistImport): Promise<ImportedPlaylist> {
  return api.post<ImportedPlaylist>("/api/playlists/import", body);
}

/** Where the owner downloads a playlist (the session cookie signs the request, as for HD downloads). */
export function exportPath(playlistId: string, format: "json" | "csv"): string {
  return `${playlistPath(playlistId)}/export?format=${format}`;
}
