import { useState } from "react";
import { fetchFollowingFeedUrl, resetFollowingFeedUrl } from "../lib/account-api";
import { useCopyButton } from "../ui/useCopyButton";
import { t } from "../lib/i18n";

/**
 * The private Atom feed of the creators the user follows: its address (asked for on demand, so opening the settings
 * makes none), a copy button, and a reset for an address that leaked.
 */
export function FollowingFeed() {
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const copying = useCopyButton(url ?? "", "Copying the feed address failed");

  async function load(ask: () => Promise<string>, failed: string) {
    setBusy(true);
    setFailure(null);
    try {
      setUrl(await ask());
    } catch (error) {
      console.error(failed, error);
      setFailure(failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="following-feed">
      <p className="muted">
        {t(
          "New videos from the creators you follow, in any feed reader. Keep the address to yourself: anyone who has it can read the feed.",
        )}
      </p>
      {failure && (
        <p className="alert alert-error" role="alert">
          {failure}
        </p>
      )}
      {url === null ? (
        <button
          type="button"
          className="btn btn-ghost"
          disabled={busy}
          onClick={() => void load(fetchFollowingFeedUrl, t("Could not load your feed address."))}
        >
          {busy ? t("Loading...") : t("Show Feed Address")}
        </button>
      ) : (
        <>
          <label className="form-label" htmlFor="following-feed-url">
            {t("Your Following feed (Atom)")}
          </label>
          <div className="following-feed-row">
            <input id="following-feed-url" className="input" readOnly value={url} onFocus={(e) => e.target.select()} />
            <button type="button" className="btn btn-ghost" onClick={() => void copying.copy()}>
              {copying.state === "copied" ? t("Copied!") : t("Copy")}
            </button>
          </div>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={busy}
            onClick={() => {
              const question = t("Make a new address? Feed readers using the old one will stop receiving videos.");
              if (window.confirm(question)) void load(resetFollowingFeedUrl, t("Could not make a new address."));
            }}
          >
            {busy ? t("Making a new address...") : t("Reset Address")}
          </button>
        </>
      )}
    </div>
  );
}
