import { api } from "../lib/api";
import type { Playlist } from "./playlist-state";

interface PlaylistsAnswer {
  playlists?: unknown;
}

function playlistsIn(answer: PlaylistsAnswer | null): Playlist[] {
  return Array.isArray(answer?.playlists) ? (answer.playlists as Playlist[]) : [];
}

function isPlaylist(value: unknown): value is Playlist {
  return typeof value === "object" && value !== null && typeof (value as { _id?: unknown })._id === "string";
}

function playlistIn(answer: unknown): Playlist {
  if (!isPlaylist(answer)) throw new Error("The server's answer is not a playlist");
  return answer;
}

const playlistPath = (playlistId: string) => `/api/playlists/${encodeURIComponent(playlistId)}`;

/** The viewer's playlists, and the ids of those that already hold the video. */
export async function loadPlaylists(videoId: string): Promise<{ playlists: Playlist[]; containing: string[] }> {
  const [mine, withVideo] = await Promise.all([
    api.get<PlaylistsAnswer>("/api/playlists/my"),
    api.get<PlaylistsAnswer>(`/api/videos/${encodeURIComponent(videoId)}/playlists`),
  ]);
  return { playlists: playlistsIn(mine), containing: playlistsIn(withVideo).map((playlist) => playlist._id) };
}

export interface NewPlaylist {
  name: string;
  description: string;
}

/** Creates a private playlist. */
export async function createPlaylist({ name, description }: NewPlaylist): Promise<Playlist> {
  return playlistIn(await api.post("/api/playlists", { name, description, isPublic: false }));
}

export async function setPlaylistPublic(playlistId: string, isPublic: boolean): Promise<Playlist> {
  return playlistIn(await api.patch(playlistPath(playlistId), { isPublic }));
}

export async function deletePlaylist(playlistId: string): Promise<void> {
  await api.delete(playlistPath(playlistId));
}

export async function addVideo(playlistId: string, videoId: string): Promise<Playlist> {
  return playlistIn(await api.post(`${playlistPath(playlistId)}/videos`, { videoId }));
}

export async function removeVideo(playlistId: string, videoId: string): Promise<Playlist> {
  return playlistIn(await api.delete(`${playlistPath(playlistId)}/videos/${encodeURIComponent(videoId)}`));
}
