import type { PlayerSettings } from "../lib/api-types";
import {
  LOCAL_PLAYER_SETTINGS_KEY,
  PLAYER_SETTING_NAMES,
  type PlayerSettingName,
} from "../lib/player-settings";
import type { FormOutcome } from "../ui/FormMessage";

/** The labels of the fourteen player switches, in the order the embed URL lists them. */
export const PLAYER_SETTING_LABELS: Record<PlayerSettingName, string> = {
  controls: "Controls",
  progressBar: "Progress Bar",
  playButton: "Play Button",
  volumeControl: "Volume Control",
  fullscreenButton: "Fullscreen Button",
  timestamp: "Timestamp",
  loop: "Loop",
  autoplay: "Autoplay",
  musicInfo: "Music Info",
  description: "Description",
  rel: "Related Videos",
  nativeContextMenu: "Native Context Menu",
  closedCaption: "Closed Captions",
  showDownloadButtons: "Show Download Buttons",
};

export const SETTINGS_MESSAGES = {
  globalSaved: "Global settings saved successfully!",
  localSaved: "Local settings saved successfully!",
  saveFailed: "Failed to save settings. Check console for details.",
  resetConfirm: "Are you sure you want to reset all global settings to defaults? This will affect all users.",
  resetDone: "Global settings reset to defaults!",
  resetFailed: "Failed to reset global settings",
} as const;

export function withSetting(settings: PlayerSettings, name: PlayerSettingName, value: boolean): PlayerSettings {
  return { ...settings, [name]: value };
}

export function sameSettings(a: PlayerSettings, b: PlayerSettings): boolean {
  return PLAYER_SETTING_NAMES.every((name) => a[name] === b[name]);
}

/** Stores this browser's overrides, which lib/player-settings lays over the global settings for non-admins. */
export function saveLocalPlayerSettings(settings: PlayerSettings, storage: Storage = localStorage): void {
  storage.setItem(LOCAL_PLAYER_SETTINGS_KEY, JSON.stringify(settings));
}

export interface SaveDependencies {
  saveGlobal: (settings: PlayerSettings) => Promise<unknown>;
  saveLocal: (settings: PlayerSettings) => void;
}

/**
 * Spec §4 "Player settings": an admin's changes apply globally, a non-admin's only locally,
 * and a failed global update falls back to a local one. Returns the lines to show, in order.
 */
export async function savePlayerSettings(
  settings: PlayerSettings,
  isAdmin: boolean,
  deps: SaveDependencies,
): Promise<FormOutcome[]> {
  const outcomes: FormOutcome[] = [];
  if (isAdmin) {
    try {
      await deps.saveGlobal(settings);
      return [{ tone: "success", text: SETTINGS_MESSAGES.globalSaved }];
    } catch (error) {
      console.error(SETTINGS_MESSAGES.saveFailed, error);
      outcomes.push({ tone: "error", text: SETTINGS_MESSAGES.saveFailed });
    }
  }
  try {
    deps.saveLocal(settings);
    outcomes.push({ tone: "success", text: SETTINGS_MESSAGES.localSaved });
  } catch (error) {
    console.error(SETTINGS_MESSAGES.saveFailed, error);
    if (!outcomes.length) outcomes.push({ tone: "error", text: SETTINGS_MESSAGES.saveFailed });
  }
  return outcomes;
}
