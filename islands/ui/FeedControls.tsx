import type { ReactNode } from "react";
import {
  AutoAdvanceIcon,
  ChevronDownIcon,
  ChevronUpIcon,
  KeyboardIcon,
  MutedIcon,
  PauseIcon,
  PlayIcon,
  VolumeIcon,
} from "./icons";
import { t } from "../lib/i18n";

interface Props {
  canGoBack: boolean;
  canGoForward: boolean;
  playerUsable: boolean;
  playing: boolean;
  muted: boolean;
  autoAdvance: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onTogglePlay: () => void;
  onToggleMute: () => void;
  onToggleAutoAdvance: () => void;
  onShowShortcuts: () => void;
}

function ControlButton(props: { label: string; icon: ReactNode; disabled: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      className="btn btn-ghost feed-control"
      aria-label={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.icon}
      <span className="feed-control-label" aria-hidden="true">
        {props.label}
      </span>
    </button>
  );
}

/** Previous, Play/Pause, Mute/Unmute and Next under the video, then the auto-advance switch and the shortcuts list. */
export function FeedControls(props: Props) {
  return (
    <div className="feed-controls" role="group" aria-label={t("Video controls")}>
      <ControlButton label={t("Previous")} icon={<ChevronUpIcon />} disabled={!props.canGoBack} onClick={props.onPrevious} />
      <ControlButton
        label={props.playing ? t("Pause") : t("Play")}
        icon={props.playing ? <PauseIcon /> : <PlayIcon />}
        disabled={!props.playerUsable}
        onClick={props.onTogglePlay}
      />
      <ControlButton
        label={props.muted ? t("Unmute") : t("Mute")}
        icon={props.muted ? <MutedIcon /> : <VolumeIcon />}
        disabled={!props.playerUsable}
        onClick={props.onToggleMute}
      />
      <ControlButton label={t("Next")} icon={<ChevronDownIcon />} disabled={!props.canGoForward} onClick={props.onNext} />
      <button
        type="button"
        className="btn btn-ghost btn-icon feed-option"
        aria-label={t("Auto-advance")}
        aria-pressed={props.autoAdvance}
        title={props.autoAdvance ? t("Auto-advance is on: the next video plays when one ends") : t("Auto-advance is off")}
        onClick={props.onToggleAutoAdvance}
      >
        <AutoAdvanceIcon />
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-icon feed-option feed-shortcuts"
        aria-label={t("Keyboard shortcuts")}
        aria-haspopup="dialog"
        aria-keyshortcuts="?"
        title={t("Keyboard shortcuts (?)")}
        onClick={props.onShowShortcuts}
      >
        <KeyboardIcon />
      </button>
    </div>
  );
}
