import { afterEach, describe, expect, it, vi } from "vitest";
import {
  GLOBAL_DEFAULT_PLAYER_SETTINGS,
  LOCAL_PLAYER_SETTINGS_KEY,
  PLAYER_SETTING_NAMES,
  parseLocalOverrides,
} from "../lib/player-settings";
import {
  playerSettingLabels,
  SETTINGS_MESSAGES,
  sameSettings,
  saveLocalPlayerSettings,
  savePlayerSettings,
  withSetting,
} from "./player-settings-form";

const defaults = { ...GLOBAL_DEFAULT_PLAYER_SETTINGS };

afterEach(() => localStorage.clear());

describe("player setting switches", () => {
  it("labels all fourteen settings", () => {
    expect(Object.keys(playerSettingLabels()).sort()).toEqual([...PLAYER_SETTING_NAMES].sort());
    expect(PLAYER_SETTING_NAMES).toHaveLength(14);
  });

  it("changes one setting without touching the others and compares whole sets", () => {
    const changed = withSetting(defaults, "loop", true);
    expect(changed).toEqual({ ...defaults, loop: true });
    expect(defaults.loop).toBe(false);
    expect(sameSettings(changed, defaults)).toBe(false);
    expect(sameSettings(withSetting(changed, "loop", false), defaults)).toBe(true);
  });

  it("stores local settings where the players read this browser's overrides", () => {
    saveLocalPlayerSettings(withSetting(defaults, "controls", false));
    expect(parseLocalOverrides(localStorage.getItem(LOCAL_PLAYER_SETTINGS_KEY))).toMatchObject({ controls: false });
  });
});

describe("savePlayerSettings", () => {
  const settings = withSetting(defaults, "autoplay", false);

  it("saves an admin's settings globally", async () => {
    const deps = { saveGlobal: vi.fn(() => Promise.resolve(settings)), saveLocal: vi.fn() };
    await expect(savePlayerSettings(settings, true, deps)).resolves.toEqual([
      { tone: "success", text: "Global settings saved successfully!" },
    ]);
    expect(deps.saveGlobal).toHaveBeenCalledWith(settings);
    expect(deps.saveLocal).not.toHaveBeenCalled();
  });

  it("falls back to a local save when the global one fails, saying both", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const deps = { saveGlobal: vi.fn(() => Promise.reject(new Error("HTTP error! status: 500"))), saveLocal: vi.fn() };
    await expect(savePlayerSettings(settings, true, deps)).resolves.toEqual([
      { tone: "error", text: "Failed to save settings. Check console for details." },
      { tone: "success", text: "Local settings saved successfully!" },
    ]);
    expect(deps.saveLocal).toHaveBeenCalledWith(settings);
    expect(logged).toHaveBeenCalledWith(SETTINGS_MESSAGES.saveFailed, expect.any(Error));
  });

  it("keeps a non-admin's changes in this browser only", async () => {
    const deps = { saveGlobal: vi.fn(), saveLocal: vi.fn() };
    await expect(savePlayerSettings(settings, false, deps)).resolves.toEqual([
      { tone: "success", text: "Local settings saved successfully!" },
    ]);
    expect(deps.saveGlobal).not.toHaveBeenCalled();
  });

  it("reports a failed local save instead of claiming success", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const deps = {
      saveGlobal: vi.fn(),
      saveLocal: vi.fn(() => {
        throw new DOMException("quota", "QuotaExceededError");
      }),
    };
    await expect(savePlayerSettings(settings, false, deps)).resolves.toEqual([
      { tone: "error", text: "Failed to save settings. Check console for details." },
    ]);
  });
});
