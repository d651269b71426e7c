import { lazy, Suspense } from "react";
import type { Video } from "../lib/api-types";
import { getAppContext } from "../lib/context";
import { requestPlaylists } from "../lib/events";
import { avatarInitial, formatCount, relativeDate } from "../lib/format";
import { EyeIcon, ExternalIcon, PlaylistAddIcon } from "./icons";
import { currentPlayerSettings } from "../lib/player-settings";
import { FollowButton } from "./FollowButton";
import { recordFollowing, sameUsername, useFollowedCreators } from "../lib/following";
import { shareLink } from "../lib/share";
import { ShareButton } from "./ShareButton";
import { t } from "../lib/i18n";

// Only admins see HD, so visitors never download its code.
const HdDownloadButton = lazy(() => import("./HdDownloadButton").then((module) => ({ default: module.HdDownloadButton })));

/**
 * The creator's avatar and link, the posting date, views, Follow (signed in, not one's own), View on TikTok,
 * Add to playlist (the overlay asks visitors to sign in), Share and, for admins with download buttons on, HD.
 */
export function CreatorRow({ video }: { video: Video }) {
  const user = getAppContext().user;
  const viewer = user?.username ?? null;
  const showHd = user?.role === "admin" && currentPlayerSettings().showDownloadButtons;
  const followed = useFollowedCreators();
  const showFollow = viewer !== null && !sameUsername(viewer, video.username);
  const following = followed.some((name) => sameUsername(name, video.username));
  return (
    <div className="feed-creator">
      <div className="feed-creator-identity">
        <span className="avatar avatar-md" aria-hidden="true">
          {avatarInitial(video.username)}
        </span>
        <div className="feed-creator-text">
          <a className="feed-creator-link" href={`/user/${encodeURIComponent(video.username)}`}>
            @{video.username}
          </a>
          <span className="feed-creator-meta">
            <time dateTime={video.postingDate}>{relativeDate(video.postingDate)}</time>
            <span aria-hidden="true">·</span>
            <span className="feed-creator-views">
              <EyeIcon />
              {t("{count} views", { count: formatCount(video.metadata.viewCount, { billions: true }) })}
            </span>
          </span>
        </div>
      </div>
      <div className="feed-creator-actions">
        {showFollow && (
          <FollowButton
            username={video.username}
            following={following}
            onFollowingChange={(list, isFollowing) => recordFollowing(video.username, list, isFollowing)}
          />
        )}
        <a className="btn btn-ghost" href={video.videoUrl} target="_blank" rel="noopener noreferrer">
          <ExternalIcon />
          {t("View on TikTok")}
        </a>
        <button
          type="button"
          className="btn btn-ghost btn-icon feed-add-to-playlist"
          aria-label={t("Add to playlist")}
          title={t("Add to playlist")}
          onClick={() => requestPlaylists(video.videoId)}
        >
          <PlaylistAddIcon />
          <span className="feed-rail-label" aria-hidden="true">
            {t("Playlist")}
          </span>
        </button>
        <ShareButton link={() => shareLink(video, window.location)} />
        {showHd && (
          <Suspense
            fallback={
              <span className="btn btn-ghost feed-hd" aria-hidden="true">
                HD
              </span>
            }
          >
            <HdDownloadButton video={video} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
