import { getAppContext } from "../lib/context";
import { useFollowedCreators } from "../lib/following";
import { DiscoverCreators } from "./DiscoverCreators";
import { followedFingerprint } from "./following-feed";
import { FollowingFeed } from "./FollowingFeed";
import { useSuggestions } from "./useSuggestions";

/**
 * The Following page for a signed-in viewer (spec §2 "Following page"; visitors get the server's welcome):
 * following nobody, the discovery grid; else the followed creators' feed. A follow toggle anywhere on the page
 * changes the followed list, which starts the feed over.
 */
export default function Following() {
  const followed = useFollowedCreators();
  const suggestions = useSuggestions(followed);
  if (!getAppContext().user) return null;
  if (followed.length === 0) return <DiscoverCreators suggestions={suggestions} />;
  return <FollowingFeed followed={followedFingerprint(followed)} suggestions={suggestions} />;
}
