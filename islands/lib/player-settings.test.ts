// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import type { AppContext } from "./context";
import {
  buildPlayerUrl,
  currentPlayerSettings,
  effectivePlayerSettings,
  GLOBAL_DEFAULT_PLAYER_SETTINGS,
  LOCAL_PLAYER_SETTINGS_KEY,
  normalisePlayerOrigin,
  parseLocalOverrides,
  PLAYER_FALLBACK_SETTINGS,
  serverPlayerSettings,
} from "./player-settings";

const ALL_ON_QUERY =
  "controls=1&progress_bar=1&play_button=1&volume_control=1&fullscreen_button=1&timestamp=1&loop=0&autoplay=1" +
  "&music_info=1&description=1&rel=1&native_context_menu=1&closed_caption=1";

afterEach(() => localStorage.clear());

describe("buildPlayerUrl", () => {
  it("builds the v1 player URL with every flag, in order, from the global defaults", () => {
    expect(buildPlayerUrl("https://www.tiktok.com", "7481234567890123456", GLOBAL_DEFAULT_PLAYER_SETTINGS)).toBe(
      `https://www.tiktok.com/player/v1/7481234567890123456?${ALL_ON_QUERY}`,
    );
  });

  it("turns each setting into its own snake_case flag", () => {
    const url = buildPlayerUrl("http://127.0.0.1:5001/", "7481234567890123456", {
      ...GLOBAL_DEFAULT_PLAYER_SETTINGS,
      progressBar: false,
      loop: true,
      nativeContextMenu: false,
    });
    expect(url).toContain("http://127.0.0.1:5001/player/v1/7481234567890123456?");
    const flags = new URL(url as string).searchParams;
    expect(flags.get("progress_bar")).toBe("0");
    expect(flags.get("loop")).toBe("1");
    expect(flags.get("native_context_menu")).toBe("0");
    expect(flags.get("controls")).toBe("1");
    expect(flags.has("show_download_buttons")).toBe(false);
    expect(flags.has("showDownloadButtons")).toBe(false);
  });

  it("gives no URL without a usable origin or id", () => {
    expect(buildPlayerUrl("not a url", "7481234567890123456", GLOBAL_DEFAULT_PLAYER_SETTINGS)).toBeNull();
    expect(buildPlayerUrl("javascript:alert(1)", "7481234567890123456", GLOBAL_DEFAULT_PLAYER_SETTINGS)).toBeNull();
    expect(buildPlayerUrl("https://www.tiktok.com", "", GLOBAL_DEFAULT_PLAYER_SETTINGS)).toBeNull();
    expect(normalisePlayerOrigin("https://www.tiktok.com/some/path")).toBe("https://www.tiktok.com");
  });
});

describe("settings overlay", () => {
  it("takes the server's booleans over the global defaults, ignoring anything else", () => {
    const settings = serverPlayerSettings({ loop: true, autoplay: "no", extra: true, rel: false });
    expect(settings).toEqual({ ...GLOBAL_DEFAULT_PLAYER_SETTINGS, loop: true, rel: false });
  });

  it("falls back to the player's own defaults when the page has no settings", () => {
    expect(serverPlayerSettings(undefined)).toEqual(PLAYER_FALLBACK_SETTINGS);
    expect(PLAYER_FALLBACK_SETTINGS).toMatchObject({ loop: true, rel: false, nativeContextMenu: false, closedCaption: false });
  });

  it("lays a non-admin's valid local values over the server's", () => {
    const server = { ...GLOBAL_DEFAULT_PLAYER_SETTINGS, controls: true };
    const local = JSON.stringify({ controls: false, musicInfo: 0, unknown: false });
    expect(effectivePlayerSettings({ server, localRaw: local, isAdmin: false })).toEqual({ ...server, controls: false });
  });

  it("ignores local values for an admin, and unreadable local JSON for anyone", () => {
    const server = { ...GLOBAL_DEFAULT_PLAYER_SETTINGS };
    expect(effectivePlayerSettings({ server, localRaw: '{"controls":false}', isAdmin: true })).toEqual(server);
    expect(parseLocalOverrides("{oops")).toEqual({});
    expect(parseLocalOverrides("[false]")).toEqual({});
    expect(parseLocalOverrides(null)).toEqual({});
  });

  it("reads the app context's settings and this browser's stored overrides", () => {
    localStorage.setItem(LOCAL_PLAYER_SETTINGS_KEY, JSON.stringify({ timestamp: false }));
    const context = {
      user: null,
      csrfToken: "",
      brand: "Danza",
      playerOrigin: "https://www.tiktok.com",
      playerSettings: { ...GLOBAL_DEFAULT_PLAYER_SETTINGS, loop: true },
    } as AppContext;
    expect(currentPlayerSettings(context)).toEqual({ ...GLOBAL_DEFAULT_PLAYER_SETTINGS, loop: true, timestamp: false });
  });
});
