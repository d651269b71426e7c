// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCommandQueue } from "./player-command-queue";
import type { PlayerCommand } from "./player-protocol";
import { fakeTimersClock } from "../test/clock";

let sent: Array<{ command: PlayerCommand; at: number }>;
const start = Date.UTC(2025, 0, 1);

beforeEach(() => {
  vi.useFakeTimers({ now: start });
  sent = [];
});
afterEach(() => vi.useRealTimers());

function queue() {
  return createCommandQueue((command) => sent.push({ command, at: Date.now() - start }), fakeTimersClock);
}

describe("createCommandQueue", () => {
  it("holds commands until the player is ready", () => {
    const commands = queue();
    commands.push("play");
    commands.push("mute");
    vi.advanceTimersByTime(5_000);
    expect(sent).toEqual([]);
    expect(commands.pending()).toEqual(["play", "mute"]);
  });

  it("then sends them in order, 50 ms apart", () => {
    const commands = queue();
    commands.push("play");
    commands.push("mute");
    commands.push("unMute");
    vi.advanceTimersByTime(1_000);
    commands.markReady();
    expect(sent).toEqual([{ command: "play", at: 1_000 }]);
    vi.advanceTimersByTime(49);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(50);
    expect(sent).toEqual([
      { command: "play", at: 1_000 },
      { command: "mute", at: 1_050 },
      { command: "unMute", at: 1_100 },
    ]);
  });

  it("keeps the spacing for commands pushed once ready", () => {
    const commands = queue();
    commands.markReady();
    commands.push("pause");
    vi.advanceTimersByTime(10);
    commands.push("play");
    expect(sent.map((entry) => entry.command)).toEqual(["pause"]);
    vi.advanceTimersByTime(40);
    expect(sent).toEqual([
      { command: "pause", at: 0 },
      { command: "play", at: 50 },
    ]);
    vi.advanceTimersByTime(500);
    commands.push("mute");
    expect(sent.at(-1)).toEqual({ command: "mute", at: 550 });
  });

  it("forgets readiness and unsent commands on reset", () => {
    const commands = queue();
    commands.push("play");
    commands.push("mute");
    commands.markReady();
    commands.reset();
    vi.advanceTimersByTime(500);
    expect(sent.map((entry) => entry.command)).toEqual(["play"]);
    commands.push("unMute");
    expect(commands.isReady()).toBe(false);
    expect(sent).toHaveLength(1);
  });
});
