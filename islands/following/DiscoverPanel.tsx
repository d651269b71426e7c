import { Avatar } from "../ui/Avatar";
import { FollowButton } from "../ui/FollowButton";
import { recordFollowing } from "../lib/following";
import type { Suggestions } from "./useSuggestions";
import { t } from "../lib/i18n";

/** Beside the feed on wide screens: more creators to follow, each followed at once. */
export function DiscoverPanel({ suggestions }: { suggestions: Suggestions }) {
  if (!suggestions.loaded || suggestions.creators.length === 0) return null;
  return (
    <aside className="card channel-suggestions" aria-labelledby="suggestions-title">
      <h2 id="suggestions-title" className="channel-suggestions-title">
        {t("Discover More Creators")}
      </h2>
      <ul className="channel-suggestion-list">
        {suggestions.creators.map((creator) => (
          <li key={creator._id} className="channel-suggestion">
            <Avatar name={creator.username} size="md" />
            <span className="channel-suggestion-text">
              <a className="channel-suggestion-name" href={`/user/${encodeURIComponent(creator.username)}`}>
                {creator.displayName ?? creator.username}
              </a>
              <span className="muted">@{creator.username}</span>
            </span>
            <FollowButton
              username={creator.username}
              following={false}
              onFollowingChange={(list, isFollowing) => recordFollowing(creator.username, list, isFollowing)}
            />
          </li>
        ))}
      </ul>
    </aside>
  );
}
