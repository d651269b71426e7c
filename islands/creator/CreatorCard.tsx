import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { creatorFeedPath } from "../lib/feeds";
import { FeedLink } from "../ui/FeedLink";
import type { CreatorProfile } from "../lib/api-types";
import { getAppContext } from "../lib/context";
import { formatCount } from "../lib/format";
import { Avatar } from "../ui/Avatar";
import { WrappingName } from "../ui/WrappingName";
import { FollowButton } from "../ui/FollowButton";
import { recordFollowing, sameUsername, useFollowedCreators } from "../lib/following";
import { fetchFollowerCount } from "./creator-api";
import { t } from "../lib/i18n";

interface Props {
  profile: CreatorProfile;
  /** The admin's 'Download All' and Delete buttons, from the change that brings them; nothing otherwise. */
  adminActions?: ReactNode;
}

/** The creator's followers here, read again from the server after the viewer follows or unfollows from any button on
 * the page (the card's, or the one beside the video). */
function useFollowerCount(username: string, sent: number, following: boolean): number {
  const [followers, setFollowers] = useState(sent);
  const asked = useRef(following);
  useEffect(() => {
    if (asked.current === following) return;
    asked.current = following;
    fetchFollowerCount(username).then(setFollowers, (error: unknown) =>
      console.error("Refreshing the follower count failed", error),
    );
  }, [username, following]);
  return followers;
}

/** The top of the sidebar: avatar, @username, video count, followers here, and Follow for signed-in viewers. */
export function CreatorCard({ profile, adminActions }: Props) {
  const { user, brand } = getAppContext();
  const followed = useFollowedCreators();
  const showFollow = user !== null && !sameUsername(user.username, profile.username);
  const following = followed.some((name) => sameUsername(name, profile.username));
  const followers = useFollowerCount(profile.username, profile.danzaFollowers, following);

  function onFollowingChange(list: string[] | null, isFollowing: boolean) {
    recordFollowing(profile.username, list, isFollowing);
  }

  return (
    <header className="creator-card">
      <Avatar name={profile.username} size="2xl" src={profile.avatar} />
      <div className="creator-identity">
        <h1 className="creator-username" style={{ "--handle-length": profile.username.length + 1 } as CSSProperties}>
          <WrappingName name={`@${profile.username}`} />
        </h1>
        <FeedLink href={creatorFeedPath(profile.username)} title={t("Atom feed of @{username}'s videos", { username: profile.username })} />
        {profile.displayName && profile.displayName !== profile.username && (
          <p className="creator-display-name">{profile.displayName}</p>
        )}
      </div>
      <dl className="creator-stats">
        <div>
          {/* The singular is the server catalogue's plural entry, and reads the same in Vietnamese. */}
          <dt>{profile.videoCount === 1 ? "video" : t("videos")}</dt>
          <dd>{formatCount(profile.videoCount)}</dd>
        </div>
        <div>
          <dt>{followers === 1 ? t("{brand} Follower", { brand }) : t("{brand} Followers", { brand })}</dt>
          <dd>{formatCount(followers)}</dd>
        </div>
      </dl>
      {showFollow && (
        <FollowButton username={profile.username} following={following} onFollowingChange={onFollowingChange} />
      )}
      {adminActions}
    </header>
  );
}
