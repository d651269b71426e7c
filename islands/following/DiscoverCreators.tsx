import { useState } from "react";
import { Avatar } from "../ui/Avatar";
import { recordFollowing, sameUsername } from "../lib/following";
import { followCreators } from "./following-api";
import type { Suggestions } from "./useSuggestions";
import { t } from "../lib/i18n";

function toggled(chosen: readonly string[], username: string): string[] {
  return chosen.some((name) => sameUsername(name, username))
    ? chosen.filter((name) => !sameUsername(name, username))
    : [...chosen, username];
}

/**
 * Signed in, following nobody: suggested creators with Follow toggles that stay on this screen until Done
 * follows them all at once.
 */
export function DiscoverCreators({ suggestions }: { suggestions: Suggestions }) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  async function done() {
    setSaving(true);
    try {
      const subscribedTo = await followCreators(chosen);
      recordFollowing(chosen[0] ?? "", subscribedTo, true);
      // The feed takes the grid's place: it opens at its top, not where Done was at the grid's foot.
      window.scrollTo({ top: 0 });
    } catch (error) {
      console.error("Following the chosen creators failed", error);
      setSaving(false);
    }
  }

  return (
    <section className="card channel-discover" aria-labelledby="discover-title">
      <h1 id="discover-title" className="channel-discover-title">
        {t("Discover New Creators")}
      </h1>
      <p className="muted">{t("Follow a few dancers to fill your feed, then press Done.")}</p>
      {!suggestions.loaded ? (
        <p className="watch-list-status" role="status">
          <span className="spinner" aria-hidden="true" />
          {t("Finding creators for you...")}
        </p>
      ) : suggestions.creators.length === 0 ? (
        <p className="muted">{t("There are no creators to suggest right now.")}</p>
      ) : (
        <ul className="channel-discover-grid" aria-label={t("Suggested creators")}>
          {suggestions.creators.map((creator) => {
            const isChosen = chosen.some((name) => sameUsername(name, creator.username));
            return (
              <li key={creator._id} className="channel-discover-item">
                <Avatar name={creator.username} size="lg" />
                <a className="channel-discover-name" href={`/user/${encodeURIComponent(creator.username)}`}>
                  {creator.displayName ?? creator.username}
                </a>
                <span className="muted">@{creator.username}</span>
                <button
                  type="button"
                  className={isChosen ? "btn btn-ghost" : "btn btn-primary"}
                  aria-pressed={isChosen}
                  aria-label={
                    isChosen
                      ? t("Following @{username}", { username: creator.username })
                      : t("Follow @{username}", { username: creator.username })
                  }
                  onClick={() => setChosen((previous) => toggled(previous, creator.username))}
                >
                  {isChosen ? t("Following") : t("Follow")}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <button
        type="button"
        className="btn btn-primary channel-discover-done"
        disabled={chosen.length === 0 || saving}
        aria-busy={saving}
        onClick={() => void done()}
      >
        {saving && <span className="spinner" aria-hidden="true" />}
        {t("Done")}
      </button>
    </section>
  );
}
