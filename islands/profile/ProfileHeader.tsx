import { Avatar } from "../ui/Avatar";
import { WrappingName } from "../ui/WrappingName";
import { FollowingDropdown } from "./FollowingDropdown";
import { longDate, type PublicProfile } from "./profile-data";
import { t } from "../lib/i18n";

interface Props {
  profile: PublicProfile;
  isOwn: boolean;
}

export function ProfileHeader({ profile, isOwn }: Props) {
  const joined = longDate(profile.createdAt);
  return (
    <header className="profile-header">
      <Avatar name={profile.username} src={profile.avatar} size="xl" />
      <div className="profile-identity">
        <h1 className="page-title profile-username">
          <WrappingName name={profile.username} />
        </h1>
        {profile.isPrivate ? (
          <p className="muted">{t("This profile is private")}</p>
        ) : (
          <>
            <div className="profile-meta">
              <FollowingDropdown
                count={profile.followingCount ?? profile.following?.length ?? 0}
                entries={isOwn ? null : (profile.following ?? [])}
                canUnfollow={isOwn}
              />
              {joined ? <span className="muted">{t("Joined {date}", { date: joined })}</span> : null}
            </div>
            {profile.bio ? <p className="profile-bio">{profile.bio}</p> : null}
          </>
        )}
      </div>
    </header>
  );
}
