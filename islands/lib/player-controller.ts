import { startingAudio, type AudioPreferences } from "./mute-preference";
import type { Clock } from "./clock";
import { createCommandQueue, type CommandQueue } from "./player-command-queue";
import {
  classifyPlayerError,
  IFRAME_LOAD_FAILURE,
  MAX_PLAYER_RETRIES,
  READY_TIMEOUT_FAILURE,
  type PlayerFailure,
} from "./player-errors";
import { commandMessage, PLAYER_STATE, type PlayerCommand, type PlayerCommandMessage, type PlayerEvent } from "./player-protocol";

export const PENDING_INDICATOR_MS = 3_000;
export const MUTE_EVENT_GRACE_MS = 2_000;
export const MUTE_TOGGLE_DEBOUNCE_MS = 100;
/** An embed that has not said it is ready by then is blocked or offline (spec §9: loading timeout 10 s). */
export const READY_TIMEOUT_MS = 10_000;

export type PlayerPhase = "loading" | "ready" | "failed";

export interface PlayerState {
  phase: PlayerPhase;
  /** Bumped on every (re)load, so the iframe is created afresh. */
  attempt: number;
  retryCount: number;
  canRetry: boolean;
  errorMessage: string | null;
  /** The spinner shown for 3 s after a video change or a retry. */
  pending: boolean;
  playing: boolean;
  /** The video played to its end (TikTok's state 0), until it plays again. */
  ended: boolean;
  muted: boolean;
  volume: number;
}

export interface PlayerControllerOptions {
  post: (message: PlayerCommandMessage) => void;
  clock: Clock;
  preferences: AudioPreferences;
  isFirstVideo: boolean;
  userHasInteracted: () => boolean;
}

/**
 * One embedded video's player: queues commands until TikTok is ready, follows its events, applies the
 * mute rules and retries a failed load once. Plain TypeScript, so it is tested without React or an iframe.
 */
export class PlayerController {
  private state: PlayerState;
  private readonly listeners = new Set<() => void>();
  private readonly queue: CommandQueue;
  private readonly timers = new Map<string, unknown>();
  private readyAt: number | null = null;
  private disposed = false;

  constructor(private readonly options: PlayerControllerOptions) {
    this.queue = createCommandQueue((command) => options.post(commandMessage(command)), options.clock);
    this.state = {
      phase: "loading",
      attempt: 0,
      retryCount: 0,
      canRetry: true,
      errorMessage: null,
      pending: true,
      playing: false,
      ended: false,
      muted: true,
      volume: options.preferences.readVolume(),
    };
  }

  readonly getState = (): PlayerState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Starts the first load: queues the starting audio commands and the pending and load-timeout timers. */
  start(): void {
    this.beginLoad();
  }

  dispose(): void {
    this.disposed = true;
    for (const handle of this.timers.values()) this.options.clock.clearTimeout(handle);
    this.timers.clear();
    this.queue.dispose();
    this.listeners.clear();
  }

  /** A validated event from this player's iframe. */
  receive(event: PlayerEvent): void {
    if (this.disposed) return;
    switch (event.type) {
      case "onPlayerReady":
        return this.becomeReady();
      case "onStateChange":
        return this.followPlayback(event.value);
      case "onMute":
        if (this.withinReadyGrace()) return;
        this.options.preferences.saveMuted(event.value);
        return this.update({ muted: event.value });
      case "onVolumeChange":
        return this.followVolume(event.value);
      case "onCurrentTime":
        return;
      case "onPlayerError":
        return this.handleError(event.value);
    }
  }

  iframeFailed(): void {
    if (this.state.phase !== "failed") this.fail(IFRAME_LOAD_FAILURE);
  }

  play(): void {
    this.queue.push("play");
  }

  pause(): void {
    this.queue.push("pause");
  }

  togglePlay(): void {
    if (this.state.phase === "failed") return;
    if (this.state.playing) this.pause();
    else this.play();
  }

  /** Debounced 100 ms: a burst of presses toggles once, from the state when the burst ends. */
  toggleMute(): void {
    this.schedule("muteToggle", MUTE_TOGGLE_DEBOUNCE_MS, () => this.setMuted(!this.state.muted));
  }

  setMuted(muted: boolean): void {
    this.options.preferences.saveMuted(muted);
    this.queue.push(muted ? "mute" : "unMute");
    this.update({ muted });
  }

  /** The one retry, by the Retry button or automatically after a retryable error. */
  retry(): void {
    if (this.disposed || this.state.retryCount >= MAX_PLAYER_RETRIES) return;
    this.cancelTimer("autoRetry");
    this.update({ retryCount: this.state.retryCount + 1, attempt: this.state.attempt + 1 });
    this.beginLoad();
  }

  private beginLoad(): void {
    this.queue.reset();
    this.readyAt = null;
    const audio = startingAudio({
      isFirstVideo: this.options.isFirstVideo,
      userHasInteracted: this.options.userHasInteracted(),
      savedMute: this.options.preferences.readMuted(),
    });
    const commands: PlayerCommand[] = audio.queuePlay ? ["play"] : [];
    commands.push(audio.muted ? "mute" : "unMute");
    for (const command of commands) this.queue.push(command);
    this.update({
      phase: "loading",
      errorMessage: null,
      pending: true,
      playing: false,
      ended: false,
      muted: audio.muted,
      canRetry: this.state.retryCount < MAX_PLAYER_RETRIES,
    });
    this.schedule("pending", PENDING_INDICATOR_MS, () => this.update({ pending: false }));
    // A loaded iframe is not enough: a content blocker or a dead network still loads a page that never answers.
    this.schedule("readyTimeout", READY_TIMEOUT_MS, () => this.fail(READY_TIMEOUT_FAILURE));
  }

  private becomeReady(): void {
    if (this.state.phase === "failed") return;
    this.cancelTimer("readyTimeout");
    this.readyAt = this.options.clock.now();
    this.queue.markReady();
    this.update({ phase: "ready" });
  }

  private followPlayback(value: number): void {
    const playing =
      value === PLAYER_STATE.playing || (value === PLAYER_STATE.buffering && this.state.playing);
    const ended = value === PLAYER_STATE.ended || (this.state.ended && !playing);
    if (playing !== this.state.playing || ended !== this.state.ended) this.update({ playing, ended });
  }

  private followVolume(value: number): void {
    if (this.withinReadyGrace()) return;
    const volume = Math.min(Math.max(value / 100, 0), 1);
    this.options.preferences.saveVolume(volume);
    this.update({ volume });
  }

  private withinReadyGrace(): boolean {
    return this.readyAt === null || this.options.clock.now() - this.readyAt < MUTE_EVENT_GRACE_MS;
  }

  private handleError(value: unknown): void {
    const outcome = classifyPlayerError(value);
    if (outcome.kind === "ignore" || this.state.phase === "failed") return;
    if (outcome.kind === "muted-fallback") {
      // The browser refused to autoplay with sound: play muted instead of showing an error.
      this.queue.push("mute");
      this.queue.push("play");
      this.update({ muted: true });
      return;
    }
    this.fail(outcome.failure);
  }

  private fail(failure: PlayerFailure): void {
    this.queue.reset();
    this.cancelTimer("readyTimeout");
    this.cancelTimer("pending");
    const canRetry = this.state.retryCount < MAX_PLAYER_RETRIES;
    this.update({ phase: "failed", errorMessage: failure.message, pending: false, playing: false, canRetry });
    if (canRetry && failure.retryDelayMs !== null) {
      this.schedule("autoRetry", failure.retryDelayMs, () => this.retry());
    }
  }

  private schedule(name: string, ms: number, callback: () => void): void {
    this.cancelTimer(name);
    const handle = this.options.clock.setTimeout(() => {
      this.timers.delete(name);
      if (!this.disposed) callback();
    }, ms);
    this.timers.set(name, handle);
  }

  private cancelTimer(name: string): void {
    const handle = this.timers.get(name);
    if (handle === undefined) return;
    this.options.clock.clearTimeout(handle);
    this.timers.delete(name);
  }

  private update(changes: Partial<PlayerState>): void {
    this.state = { ...this.state, ...changes };
    for (const listener of this.listeners) listener();
  }
}
