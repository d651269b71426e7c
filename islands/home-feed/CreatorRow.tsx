import { avatarInitial, formatCount, relativeDate } from "../lib/format";
import { EyeIcon, ExternalIcon } from "../player/icons";
import type { Video } from "../player/video";
import { FollowButton } from "./FollowButton";

interface Props {
  video: Video;
  /** The viewer's username, or null for a visitor. */
  viewer: string | null;
  subscribedTo: readonly string[];
  onFollowingChange: (username: string, subscribedTo: string[] | null, isFollowing: boolean) => void;
}

function sameUser(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** The creator's avatar and link, the posting date, views, Follow and View on TikTok. */
export function CreatorRow({ video, viewer, subscribedTo, onFollowingChange }: Props) {
  const showFollow = viewer !== null && !sameUser(viewer, video.username);
  const following = subscribedTo.some((name) => sameUser(name, video.username));
  return (
    <div className="feed-creator">
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
            {formatCount(video.metadata.viewCount, { billions: true })} views
          </span>
        </span>
      </div>
      <div className="feed-creator-actions">
        {showFollow && (
          <FollowButton
            username={video.username}
            following={following}
            onFollowingChange={(list, isFollowing) => onFollowingChange(video.username, list, isFollowing)}
          />
        )}
        <a className="btn btn-ghost" href={video.videoUrl} target="_blank" rel="noopener noreferrer">
          <ExternalIcon />
          View on TikTok
        </a>
      </div>
    </div>
  );
}
