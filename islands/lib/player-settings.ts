import type { PlayerSettings } from "./api-types";
import { getAppContext, type AppContext } from "./context";

export type PlayerSettingName = keyof PlayerSettings;

export const LOCAL_PLAYER_SETTINGS_KEY = "tiktok-player-settings";

/** The global settings' defaults (spec §3): all on except loop. */
export const GLOBAL_DEFAULT_PLAYER_SETTINGS: Readonly<PlayerSettings> = {
  controls: true,
  progressBar: true,
  playButton: true,
  volumeControl: true,
  fullscreenButton: true,
  timestamp: true,
  loop: false,
  autoplay: true,
  musicInfo: true,
  description: true,
  rel: true,
  nativeContextMenu: true,
  closedCaption: true,
  showDownloadButtons: true,
};

/** What the player falls back to when the page carries no settings at all (spec §3, the component's own fallback). */
export const PLAYER_FALLBACK_SETTINGS: Readonly<PlayerSettings> = {
  ...GLOBAL_DEFAULT_PLAYER_SETTINGS,
  loop: true,
  rel: false,
  nativeContextMenu: false,
  closedCaption: false,
};

export const PLAYER_SETTING_NAMES = Object.keys(GLOBAL_DEFAULT_PLAYER_SETTINGS) as PlayerSettingName[];

/** The embed URL's flags, in the order TikTok documents them; showDownloadButtons is ours, not TikTok's. */
const EMBED_FLAGS: ReadonlyArray<readonly [string, PlayerSettingName]> = [
  ["controls", "controls"],
  ["progress_bar", "progressBar"],
  ["play_button", "playButton"],
  ["volume_control", "volumeControl"],
  ["fullscreen_button", "fullscreenButton"],
  ["timestamp", "timestamp"],
  ["loop", "loop"],
  ["autoplay", "autoplay"],
  ["music_info", "musicInfo"],
  ["description", "description"],
  ["rel", "rel"],
  ["native_context_menu", "nativeContextMenu"],
  ["closed_caption", "closedCaption"],
];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The boolean settings found in `value`; anything that is not a known name with a boolean is left out. */
export function validSettingsIn(value: unknown): Partial<PlayerSettings> {
  if (!isRecord(value)) return {};
  const valid: Partial<PlayerSettings> = {};
  for (const name of PLAYER_SETTING_NAMES) {
    const setting = value[name];
    if (typeof setting === "boolean") valid[name] = setting;
  }
  return valid;
}

/** Server settings over the global defaults; with no settings object at all, the player's own fallback. */
export function serverPlayerSettings(value: unknown): PlayerSettings {
  if (!isRecord(value)) return { ...PLAYER_FALLBACK_SETTINGS };
  return { ...GLOBAL_DEFAULT_PLAYER_SETTINGS, ...validSettingsIn(value) };
}

/** A non-admin's local overrides, parsed from the stored JSON; invalid JSON or values are ignored. */
export function parseLocalOverrides(raw: string | null): Partial<PlayerSettings> {
  if (!raw) return {};
  try {
    return validSettingsIn(JSON.parse(raw));
  } catch {
    return {};
  }
}

export interface SettingsSources {
  server: unknown;
  localRaw: string | null;
  isAdmin: boolean;
}

/** Effective settings: the server's, overlaid by a non-admin's valid local values. */
export function effectivePlayerSettings({ server, localRaw, isAdmin }: SettingsSources): PlayerSettings {
  const base = serverPlayerSettings(server);
  return isAdmin ? base : { ...base, ...parseLocalOverrides(localRaw) };
}

function readLocalSettings(): string | null {
  try {
    return globalThis.localStorage?.getItem(LOCAL_PLAYER_SETTINGS_KEY) ?? null;
  } catch {
    return null;
  }
}

function serverSettingsOf(context: AppContext): unknown {
  return (context as AppContext & { playerSettings?: unknown }).playerSettings;
}

/** The settings this page's players use: app context settings plus this browser's overrides. */
export function currentPlayerSettings(context: AppContext = getAppContext()): PlayerSettings {
  return effectivePlayerSettings({
    server: serverSettingsOf(context),
    localRaw: readLocalSettings(),
    isAdmin: context.user?.role === "admin",
  });
}

/** The origin part of a configured player origin, or null when it is not an http(s) origin. */
export function normalisePlayerOrigin(origin: string): string | null {
  try {
    const url = new URL(origin);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}

/** `${origin}/player/v1/${videoId}?controls=1&...` with every flag 1 or 0; null without a usable origin or id. */
export function buildPlayerUrl(origin: string, videoId: string, settings: PlayerSettings): string | null {
  const base = normalisePlayerOrigin(origin);
  if (!base || !videoId) return null;
  const query = EMBED_FLAGS.map(([flag, name]) => `${flag}=${settings[name] ? 1 : 0}`).join("&");
  return `${base}/player/v1/${encodeURIComponent(videoId)}?${query}`;
}
