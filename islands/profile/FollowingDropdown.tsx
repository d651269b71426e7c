import { useCallback, useId, useReducer, useRef, useState } from "react";
import { fetchFollowing, unfollowCreator } from "../lib/account-api";
import type { CreatorRef } from "../lib/api-types";
import { useDismiss } from "../ui/useDismiss";
import { Avatar } from "../ui/Avatar";
import { ChevronDownIcon } from "../ui/icons";
import { followingReducer, initialFollowing, type FollowingState } from "./following-state";
import { t } from "../lib/i18n";

interface Props {
  count: number;
  /** Another person's list as the server sent it; the owner's own list (with Unfollow buttons) loads when first opened. */
  entries: CreatorRef[] | null;
  canUnfollow: boolean;
}

function useFollowing({ count, entries }: Pick<Props, "count" | "entries">) {
  const [state, dispatch] = useReducer(followingReducer, initialFollowing(count, entries));

  const load = useCallback(async () => {
    dispatch({ type: "load-started" });
    try {
      dispatch({ type: "loaded", entries: await fetchFollowing() });
    } catch (error) {
      console.error("Failed to load the following list", error);
      dispatch({ type: "load-failed" });
    }
  }, []);

  const unfollow = useCallback(async (username: string) => {
    dispatch({ type: "unfollow-started", username });
    try {
      await unfollowCreator(username);
      dispatch({ type: "unfollowed", username });
    } catch (error) {
      console.error(`Failed to unfollow ${username}`, error);
      dispatch({ type: "unfollow-failed", username });
    }
  }, []);

  return { state, load, unfollow };
}

function FollowingList({ state, canUnfollow, onUnfollow }: { state: FollowingState; canUnfollow: boolean; onUnfollow: (username: string) => void }) {
  if (state.loading && !state.entries) {
    return (
      <div className="loading-state following-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        {t("Loading...")}
      </div>
    );
  }
  if (!state.entries?.length) return <p className="following-empty">{t("Not following anyone yet")}</p>;
  return (
    <ul className="following-list">
      {state.entries.map((entry) => (
        <li key={entry._id} className="following-entry">
          <a className="following-link" href={`/user/${encodeURIComponent(entry.username)}`}>
            <Avatar name={entry.username} size="sm" />
            <span className="following-names">
              <span className="following-username">@{entry.username}</span>
              {entry.displayName ? <span className="following-display-name">{entry.displayName}</span> : null}
            </span>
          </a>
          {canUnfollow ? (
            <button
              type="button"
              className="btn btn-ghost following-unfollow"
              aria-label={t("Unfollow {username}", { username: entry.username })}
              disabled={state.pending.includes(entry.username)}
              onClick={() => onUnfollow(entry.username)}
            >
              {t("Unfollow")}
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The 'N following' button and the list it opens; closes on an outside press or Escape. */
export function FollowingDropdown({ count, entries, canUnfollow }: Props) {
  const { state, load, unfollow } = useFollowing({ count, entries });
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const dismiss = useCallback((reason: "outside" | "escape") => {
    setOpen(false);
    if (reason === "escape") buttonRef.current?.focus();
  }, []);
  useDismiss(open, rootRef, dismiss);

  function toggle() {
    const opening = !open;
    setOpen(opening);
    if (opening && state.entries === null && !state.loading) void load();
  }

  return (
    <div className="following" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-ghost following-toggle"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
      >
        {t("{count} following", { count: state.count })}
        <ChevronDownIcon className="following-chevron" />
      </button>
      {open ? (
        <div id={panelId} className="following-panel" aria-label={t("Following")} role="region">
          <FollowingList state={state} canUnfollow={canUnfollow} onUnfollow={(username) => void unfollow(username)} />
        </div>
      ) : null}
    </div>
  );
}
