// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AudioPreferences } from "./mute-preference";
import { PlayerController, type PlayerControllerOptions } from "./player-controller";
import type { PlayerCommand, PlayerCommandMessage, PlayerEvent } from "./player-protocol";
import { fakeTimersClock } from "../test/clock";

const start = Date.UTC(2025, 0, 1);
let sent: PlayerCommand[];
let saved: { muted: boolean[]; volume: number[] };

function preferences(savedMute: boolean | null = null): AudioPreferences {
  return {
    readMuted: () => savedMute,
    saveMuted: (muted) => saved.muted.push(muted),
    readVolume: () => 1,
    saveVolume: (volume) => saved.volume.push(volume),
  };
}

function controller(options: Partial<PlayerControllerOptions> = {}): PlayerController {
  const player = new PlayerController({
    post: (message: PlayerCommandMessage) => sent.push(message.type),
    clock: fakeTimersClock,
    preferences: preferences(),
    isFirstVideo: false,
    userHasInteracted: () => false,
    ...options,
  });
  player.start();
  return player;
}

const ready: PlayerEvent = { type: "onPlayerReady" };
const error = (value: unknown): PlayerEvent => ({ type: "onPlayerError", value });

beforeEach(() => {
  vi.useFakeTimers({ now: start });
  sent = [];
  saved = { muted: [], volume: [] };
});
afterEach(() => vi.useRealTimers());

describe("starting audio", () => {
  it("mutes the first video once the player is ready, with no play command", () => {
    const player = controller({ isFirstVideo: true, userHasInteracted: () => true, preferences: preferences(false) });
    expect(player.getState()).toMatchObject({ phase: "loading", muted: true });
    vi.advanceTimersByTime(1_000);
    expect(sent).toEqual([]);
    player.receive(ready);
    vi.advanceTimersByTime(200);
    expect(sent).toEqual(["mute"]);
  });

  it("after an interaction, queues play and the saved choice, 50 ms apart", () => {
    const player = controller({ userHasInteracted: () => true, preferences: preferences(false) });
    player.receive(ready);
    expect(sent).toEqual(["play"]);
    vi.advanceTimersByTime(50);
    expect(sent).toEqual(["play", "unMute"]);
    expect(player.getState().muted).toBe(false);
  });

  it("keeps later videos muted before any interaction", () => {
    const player = controller({ userHasInteracted: () => false, preferences: preferences(false) });
    player.receive(ready);
    vi.advanceTimersByTime(200);
    expect(sent).toEqual(["mute"]);
  });
});

describe("events", () => {
  it("follows playback state", () => {
    const player = controller();
    player.receive(ready);
    player.receive({ type: "onStateChange", value: 1 });
    expect(player.getState().playing).toBe(true);
    player.receive({ type: "onStateChange", value: 3 });
    expect(player.getState().playing).toBe(true);
    player.receive({ type: "onStateChange", value: 2 });
    expect(player.getState().playing).toBe(false);
  });

  it("knows when the video ended, until it plays again or another load starts", () => {
    const player = controller();
    player.receive(ready);
    player.receive({ type: "onStateChange", value: 1 });
    expect(player.getState().ended).toBe(false);
    player.receive({ type: "onStateChange", value: 0 });
    expect(player.getState()).toMatchObject({ ended: true, playing: false });
    player.receive({ type: "onStateChange", value: 2 });
    expect(player.getState().ended).toBe(true);
    player.receive({ type: "onStateChange", value: 1 });
    expect(player.getState()).toMatchObject({ ended: false, playing: true });
    player.receive({ type: "onStateChange", value: 0 });
    player.receive(error({ errorCode: 1004 }));
    vi.advanceTimersByTime(4_000);
    expect(player.getState()).toMatchObject({ phase: "loading", ended: false });
  });

  it("ignores mute and volume events within 2 s of ready, then follows and saves them", () => {
    const player = controller();
    player.receive(ready);
    vi.advanceTimersByTime(1_999);
    player.receive({ type: "onMute", value: false });
    player.receive({ type: "onVolumeChange", value: 30 });
    expect(player.getState()).toMatchObject({ muted: true, volume: 1 });
    expect(saved).toEqual({ muted: [], volume: [] });

    vi.advanceTimersByTime(1);
    player.receive({ type: "onMute", value: false });
    player.receive({ type: "onVolumeChange", value: 30 });
    expect(player.getState()).toMatchObject({ muted: false, volume: 0.3 });
    expect(saved).toEqual({ muted: [false], volume: [0.3] });
  });

  it("shows the pending indicator for 3 s after the video starts", () => {
    const player = controller();
    player.receive(ready);
    expect(player.getState().pending).toBe(true);
    vi.advanceTimersByTime(2_999);
    expect(player.getState().pending).toBe(true);
    vi.advanceTimersByTime(1);
    expect(player.getState().pending).toBe(false);
  });
});

describe("controls", () => {
  it("debounces the mute toggle by 100 ms and saves the choice", () => {
    const player = controller();
    player.receive(ready);
    vi.advanceTimersByTime(100);
    sent = [];
    player.toggleMute();
    player.toggleMute();
    player.toggleMute();
    vi.advanceTimersByTime(99);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(["unMute"]);
    expect(player.getState().muted).toBe(false);
    expect(saved.muted).toEqual([false]);
  });

  it("toggles play from the player's reported state", () => {
    const player = controller();
    player.receive(ready);
    vi.advanceTimersByTime(100);
    sent = [];
    player.togglePlay();
    player.receive({ type: "onStateChange", value: 1 });
    vi.advanceTimersByTime(50);
    player.togglePlay();
    vi.advanceTimersByTime(50);
    expect(sent).toEqual(["play", "pause"]);
  });
});

describe("errors and the one retry", () => {
  it("shows 1004's message, retries once after 4 s, then gives up with no Retry left", () => {
    const player = controller();
    player.receive(error({ errorCode: 1004, errorType: "embed" }));
    expect(player.getState()).toMatchObject({
      phase: "failed",
      errorMessage: "Video embed failed - this video may be restricted or unavailable",
      retryCount: 0,
      canRetry: true,
    });
    vi.advanceTimersByTime(3_999);
    expect(player.getState().phase).toBe("failed");
    vi.advanceTimersByTime(1);
    expect(player.getState()).toMatchObject({ phase: "loading", retryCount: 1, attempt: 1, canRetry: false });

    player.receive(error({ errorCode: 1004 }));
    expect(player.getState()).toMatchObject({ phase: "failed", retryCount: 1, canRetry: false });
    vi.advanceTimersByTime(60_000);
    expect(player.getState()).toMatchObject({ phase: "failed", retryCount: 1, attempt: 1 });
  });

  it("retries player_sdk_error after 3 s", () => {
    const player = controller();
    player.receive(error({ errorType: "player_sdk_error" }));
    vi.advanceTimersByTime(2_999);
    expect(player.getState().retryCount).toBe(0);
    vi.advanceTimersByTime(1);
    expect(player.getState().retryCount).toBe(1);
  });

  it("leaves 1001 to the Retry button, which works once", () => {
    const player = controller();
    player.receive(error({ errorCode: 1001 }));
    vi.advanceTimersByTime(60_000);
    expect(player.getState()).toMatchObject({ phase: "failed", retryCount: 0, canRetry: true });
    player.retry();
    expect(player.getState()).toMatchObject({ phase: "loading", retryCount: 1, canRetry: false });
    player.receive(error({ errorCode: 1001 }));
    player.retry();
    expect(player.getState()).toMatchObject({ phase: "failed", retryCount: 1, attempt: 1 });
  });

  it("re-queues the starting commands for the retried load", () => {
    const player = controller({ isFirstVideo: true });
    player.receive(error({ errorCode: 1001 }));
    player.retry();
    player.receive(ready);
    vi.advanceTimersByTime(100);
    expect(sent).toEqual(["mute"]);
  });

  it("ignores errors about video id 0", () => {
    const player = controller();
    player.receive(error({ errorCode: 1001, videoId: "0" }));
    expect(player.getState().phase).toBe("loading");
  });

  it("plays muted instead of failing when autoplay was refused (3002)", () => {
    const player = controller({ userHasInteracted: () => true, preferences: preferences(false) });
    player.receive(ready);
    vi.advanceTimersByTime(100);
    sent = [];
    player.receive(error({ errorCode: 3002 }));
    vi.advanceTimersByTime(100);
    expect(sent).toEqual(["mute", "play"]);
    expect(player.getState()).toMatchObject({ phase: "ready", muted: true, errorMessage: null });
    expect(saved.muted).toEqual([]);
  });

  it("fails with 'Failed to load TikTok embed' when the embed is not ready in 10 s, leaving Retry to the viewer", () => {
    const player = controller();
    vi.advanceTimersByTime(9_999);
    expect(player.getState().phase).toBe("loading");
    vi.advanceTimersByTime(1);
    expect(player.getState()).toMatchObject({
      phase: "failed",
      errorMessage: "Failed to load TikTok embed",
      canRetry: true,
      pending: false,
    });
    vi.advanceTimersByTime(60_000);
    expect(player.getState()).toMatchObject({ phase: "failed", retryCount: 0 });
    player.retry();
    expect(player.getState()).toMatchObject({ phase: "loading", retryCount: 1, canRetry: false });
    vi.advanceTimersByTime(10_000);
    expect(player.getState()).toMatchObject({ phase: "failed", canRetry: false });
  });

  it("does not time out once the embed is ready, however long it plays", () => {
    const player = controller();
    vi.advanceTimersByTime(9_000);
    player.receive(ready);
    vi.advanceTimersByTime(60_000);
    expect(player.getState()).toMatchObject({ phase: "ready", errorMessage: null });
  });

  it("retries a load error of the iframe itself after 2 s", () => {
    const player = controller();
    player.iframeFailed();
    expect(player.getState()).toMatchObject({ phase: "failed", errorMessage: "Failed to load TikTok embed" });
    vi.advanceTimersByTime(2_000);
    expect(player.getState()).toMatchObject({ phase: "loading", retryCount: 1 });
  });

  it("stops every timer when disposed", () => {
    const player = controller();
    player.receive(error({ errorCode: 1004 }));
    player.dispose();
    vi.advanceTimersByTime(10_000);
    expect(player.getState().retryCount).toBe(0);
  });
});
