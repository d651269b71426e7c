// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import {
  MUTE_PREFERENCE_KEY,
  parseVolume,
  readMutePreference,
  readVolumePreference,
  saveMutePreference,
  saveVolumePreference,
  startingAudio,
  VOLUME_PREFERENCE_KEY,
} from "./mute-preference";

afterEach(() => localStorage.clear());

describe("startingAudio", () => {
  it("starts the first video muted and without a play command, whatever was saved", () => {
    expect(startingAudio({ isFirstVideo: true, userHasInteracted: true, savedMute: false })).toEqual({
      muted: true,
      queuePlay: false,
    });
  });

  it("keeps later videos muted until the user has interacted", () => {
    expect(startingAudio({ isFirstVideo: false, userHasInteracted: false, savedMute: false })).toEqual({
      muted: true,
      queuePlay: false,
    });
  });

  it("after an interaction, queues play and applies the saved choice (muted when none)", () => {
    expect(startingAudio({ isFirstVideo: false, userHasInteracted: true, savedMute: false })).toEqual({
      muted: false,
      queuePlay: true,
    });
    expect(startingAudio({ isFirstVideo: false, userHasInteracted: true, savedMute: true })).toEqual({
      muted: true,
      queuePlay: true,
    });
    expect(startingAudio({ isFirstVideo: false, userHasInteracted: true, savedMute: null })).toEqual({
      muted: true,
      queuePlay: true,
    });
  });
});

describe("stored preferences", () => {
  it("stores mute as 'true'/'false' and reads nothing else", () => {
    expect(readMutePreference()).toBeNull();
    saveMutePreference(false);
    expect(localStorage.getItem(MUTE_PREFERENCE_KEY)).toBe("false");
    expect(readMutePreference()).toBe(false);
    localStorage.setItem(MUTE_PREFERENCE_KEY, "yes");
    expect(readMutePreference()).toBeNull();
  });

  it("accepts a volume only as a number from 0 to 1, defaulting to 1", () => {
    expect(readVolumePreference()).toBe(1);
    expect(parseVolume("0")).toBe(0);
    expect(parseVolume("0.35")).toBe(0.35);
    for (const bad of ["", " ", "1.5", "-0.1", "loud", "NaN", "Infinity"]) expect(parseVolume(bad)).toBe(1);
    saveVolumePreference(0.4);
    expect(localStorage.getItem(VOLUME_PREFERENCE_KEY)).toBe("0.4");
    saveVolumePreference(7);
    expect(readVolumePreference()).toBe(0.4);
  });
});
