import { t } from "../lib/i18n";

/** The red banner over a feed (spec §8 "Red banner"). */
export function ErrorBanner({ message }: { message: string }) {
  return (
    <div className="alert alert-error feed-banner" role="alert">
      {message}
    </div>
  );
}

/** The player's box with a spinner, while the first videos load. */
export function StageSkeleton({ label = t("Loading videos") }: { label?: string }) {
  return (
    <div className="feed-loading" role="status">
      <div className="player-frame player-skeleton">
        <span className="spinner" aria-hidden="true" />
      </div>
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
