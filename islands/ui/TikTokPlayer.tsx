import { useState } from "react";
import { RetryIcon, ExternalIcon } from "./icons";
import { MAX_PLAYER_RETRIES } from "../lib/player-errors";
import type { TikTokPlayer as Player } from "./useTikTokPlayer";
import type { Video } from "../lib/api-types";
import { t } from "../lib/i18n";

interface Props {
  player: Player;
  video: Pick<Video, "videoId" | "username" | "videoUrl" | "thumbnail">;
}

function Poster({ src }: { src: string }) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) return null;
  return <img className="player-poster" src={src} alt="" decoding="async" onError={() => setBroken(true)} />;
}

function RetryStatus({ retryCount }: { retryCount: number }) {
  if (retryCount < 1) return null;
  return (
    <p className="player-retry-status">
      {t("Retry attempt {count}/{max}", { count: retryCount, max: MAX_PLAYER_RETRIES })}
    </p>
  );
}

function ViewOnTikTok({ href }: { href: string }) {
  return (
    <a className="btn btn-primary" href={href} target="_blank" rel="noopener noreferrer">
      <ExternalIcon />
      {t("View on TikTok")}
    </a>
  );
}

/**
 * TikTok's player for one video, in a 9:16 box reserved before the iframe loads: the poster fills it until the
 * embed says it is ready. Failures, a silent embed included, show the spec's screens over the poster.
 */
export function TikTokPlayer({ player, video }: Props) {
  if (player.kind === "invalid") {
    return (
      <div className="player-frame">
        <div className="player-screen" role="alert">
          <h3 className="player-screen-title">{t("Video Error")}</h3>
          <p className="player-screen-text">{player.message}</p>
        </div>
      </div>
    );
  }

  const { state, controller, embedUrl, iframeRef } = player;
  const failed = state.phase === "failed";
  return (
    <div className="player-frame" data-phase={state.phase}>
      <Poster src={video.thumbnail} />
      {!failed && (
        <iframe
          key={`${player.videoId}-${state.attempt}`}
          ref={iframeRef}
          className="player-iframe"
          src={embedUrl}
          title={t("TikTok video by @{username}", { username: video.username })}
          data-ready={state.phase === "ready"}
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          onError={() => controller.iframeFailed()}
        />
      )}
      {state.pending && !failed && (
        <div className="player-pending" role="status">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">{t("Loading video")}</span>
          <RetryStatus retryCount={state.retryCount} />
        </div>
      )}
      {failed && (
        <div className="player-screen" role="alert">
          <h3 className="player-screen-title">{t("Video Preview Unavailable")}</h3>
          <p className="player-screen-text">{state.errorMessage}</p>
          <RetryStatus retryCount={state.retryCount} />
          <div className="player-screen-actions">
            <ViewOnTikTok href={video.videoUrl} />
            {state.canRetry && (
              <button type="button" className="btn btn-ghost" onClick={() => controller.retry()}>
                <RetryIcon />
                {t("Retry")}
              </button>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
