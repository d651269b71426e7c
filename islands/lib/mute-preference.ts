export const MUTE_PREFERENCE_KEY = "userMutePreference";
export const VOLUME_PREFERENCE_KEY = "userVolumePreference";
export const DEFAULT_VOLUME = 1;

function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage unavailable: the preference lasts only as long as the page.
  }
}

/** The saved mute choice: true or false, or null when none (or something else) is stored. */
export function readMutePreference(): boolean | null {
  const stored = read(MUTE_PREFERENCE_KEY);
  if (stored === "true") return true;
  if (stored === "false") return false;
  return null;
}

export function saveMutePreference(muted: boolean): void {
  write(MUTE_PREFERENCE_KEY, String(muted));
}

export function isValidVolume(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= 1;
}

/** A stored volume string as a number from 0 to 1, else the default of 1. */
export function parseVolume(raw: string | null): number {
  if (raw === null || raw.trim() === "") return DEFAULT_VOLUME;
  const value = Number(raw);
  return isValidVolume(value) ? value : DEFAULT_VOLUME;
}

export function readVolumePreference(): number {
  return parseVolume(read(VOLUME_PREFERENCE_KEY));
}

/** Saves a volume from 0 to 1; anything else is not stored. */
export function saveVolumePreference(volume: number): void {
  if (isValidVolume(volume)) write(VOLUME_PREFERENCE_KEY, String(volume));
}

export interface StartingAudioInput {
  isFirstVideo: boolean;
  userHasInteracted: boolean;
  savedMute: boolean | null;
}

export interface StartingAudio {
  muted: boolean;
  queuePlay: boolean;
}

/**
 * How a video starts (spec §4 "Mute and volume"): the first video, and any video before the user has
 * interacted with the page, starts muted without a play command, because browsers refuse sound before
 * an interaction. Later videos get a play command and the saved choice (muted when nothing is saved).
 */
export function startingAudio({ isFirstVideo, userHasInteracted, savedMute }: StartingAudioInput): StartingAudio {
  if (isFirstVideo || !userHasInteracted) return { muted: true, queuePlay: false };
  return { muted: savedMute ?? true, queuePlay: true };
}

/** The preference store the player reads and writes; tests pass their own. */
export interface AudioPreferences {
  readMuted: () => boolean | null;
  saveMuted: (muted: boolean) => void;
  readVolume: () => number;
  saveVolume: (volume: number) => void;
}

export const storedAudioPreferences: AudioPreferences = {
  readMuted: readMutePreference,
  saveMuted: saveMutePreference,
  readVolume: readVolumePreference,
  saveVolume: saveVolumePreference,
};
