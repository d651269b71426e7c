import { useState } from "react";
import { toggleFollow } from "../lib/video-actions";
import { t } from "../lib/i18n";
import { FollowIcon } from "./icons";

interface Props {
  username: string;
  following: boolean;
  onFollowingChange: (subscribedTo: string[] | null, isFollowing: boolean) => void;
}

/** Follow/Following for a signed-in viewer; the caller hides it for visitors and on the viewer's own videos. */
export function FollowButton({ username, following, onFollowingChange }: Props) {
  const [busy, setBusy] = useState(false);

  async function toggle() {
    setBusy(true);
    try {
      const result = await toggleFollow(username);
      onFollowingChange(result.subscribedTo, result.isFollowing);
    } catch (error) {
      console.error("Follow toggle failed", error);
    } finally {
      setBusy(false);
    }
  }

  const label = busy ? (following ? t("Unfollowing...") : t("Following...")) : following ? t("Following") : t("Follow");
  return (
    <button
      type="button"
      className={following ? "btn btn-ghost feed-follow" : "btn btn-primary feed-follow"}
      aria-pressed={following}
      aria-busy={busy}
      disabled={busy}
      onClick={() => void toggle()}
    >
      {busy ? <span className="spinner" aria-hidden="true" /> : <FollowIcon following={following} />}
      {label}
    </button>
  );
}
