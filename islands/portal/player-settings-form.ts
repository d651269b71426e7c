import type { PlayerSettings } from "../lib/api-types";
import {
  LOCAL_PLAYER_SETTINGS_KEY,
  PLAYER_SETTING_NAMES,
  type PlayerSettingName,
} from "../lib/player-settings";
import type { FormOutcome } from "../ui/FormMessage";
import { t } from "../lib/i18n";

/** The labels of the fourteen player switches, in the order the embed URL lists them, in the page's language. */
export function playerSettingLabels(): Record<PlayerSettingName, string> {
  return {
    controls: t("Controls"),
    progressBar: t("Progress Bar"),
    playButton: t("Play Button"),
    volumeControl: t("Volume Control"),
    fullscreenButton: t("Fullscreen Button"),
    timestamp: t("Timestamp"),
    loop: t("Loop"),
    autoplay: t("Autoplay"),
    musicInfo: t("Music Info"),
    description: t("Description"),
    rel: t("Related Videos"),
    nativeContextMenu: t("Native Context Menu"),
    closedCaption: t("Closed Captions"),
    showDownloadButtons: t("Show Download Buttons"),
  };
}

/** Read when shown, so each is in the page's language. */
export const SETTINGS_MESSAGES = {
  get globalSaved() {
    return t("Global settings saved successfully!");
  },
  get localSaved() {
    return t("Local settings saved successfully!");
  },
  get saveFailed() {
    return t("Failed to save settings. Check console for details.");
  },
  get resetConfirm() {
    return t("Are you sure you want to reset all global settings to defaults? This will affect all users.");
  },
  get resetDone() {
    return t("Global settings reset to defaults!");
  },
  get resetFailed() {
    return t("Failed to reset global settings");
  },
};

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
