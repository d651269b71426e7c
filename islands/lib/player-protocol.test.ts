// @vitest-environment node
import { describe, expect, it } from "vitest";
import { commandMessage, readPlayerEvent } from "./player-protocol";

const ORIGIN = "https://www.tiktok.com";
const iframeWindow = { name: "player" };
const expected = { origin: ORIGIN, source: iframeWindow };

function message(data: unknown, overrides: { origin?: string; source?: unknown } = {}) {
  return { origin: overrides.origin ?? ORIGIN, source: "source" in overrides ? overrides.source : iframeWindow, data };
}

describe("readPlayerEvent", () => {
  it("reads flagged messages from the player's origin and iframe", () => {
    expect(readPlayerEvent(message({ "x-tiktok-player": true, type: "onPlayerReady" }), expected)).toEqual({
      type: "onPlayerReady",
    });
    expect(readPlayerEvent(message({ "x-tiktok-player": true, type: "onStateChange", value: 1 }), expected)).toEqual({
      type: "onStateChange",
      value: 1,
    });
    expect(readPlayerEvent(message({ "x-tiktok-player": true, type: "onMute", value: false }), expected)).toEqual({
      type: "onMute",
      value: false,
    });
  });

  it("refuses another origin, another window, or no window at all", () => {
    const ready = { "x-tiktok-player": true, type: "onPlayerReady" };
    expect(readPlayerEvent(message(ready, { origin: "https://evil.example" }), expected)).toBeNull();
    expect(readPlayerEvent(message(ready, { source: { name: "other frame" } }), expected)).toBeNull();
    expect(readPlayerEvent(message(ready, { source: null }), { origin: ORIGIN, source: null })).toBeNull();
  });

  it("refuses unflagged, unknown or malformed messages", () => {
    expect(readPlayerEvent(message({ type: "onPlayerReady" }), expected)).toBeNull();
    expect(readPlayerEvent(message({ "x-tiktok-player": "true", type: "onPlayerReady" }), expected)).toBeNull();
    expect(readPlayerEvent(message('{"x-tiktok-player":true,"type":"onPlayerReady"}'), expected)).toBeNull();
    expect(readPlayerEvent(message({ "x-tiktok-player": true, type: "onSomething" }), expected)).toBeNull();
    expect(readPlayerEvent(message({ "x-tiktok-player": true, type: "onStateChange", value: 7 }), expected)).toBeNull();
    expect(readPlayerEvent(message({ "x-tiktok-player": true, type: "onMute", value: "yes" }), expected)).toBeNull();
  });

  it("reads onError, which some builds send, as onPlayerError", () => {
    const value = { errorCode: 1004, errorType: "embed" };
    expect(readPlayerEvent(message({ "x-tiktok-player": true, type: "onError", value }), expected)).toEqual({
      type: "onPlayerError",
      value,
    });
  });
});

describe("commandMessage", () => {
  it("is the flagged command object TikTok expects", () => {
    expect(commandMessage("unMute")).toEqual({ "x-tiktok-player": true, type: "unMute" });
  });
});
