import { useEffect, useRef, useState, type FormEvent } from "react";
import { getAppContext } from "../lib/context";
import { requestAuth } from "../lib/events";
import { goTo } from "../lib/navigation";
import { FormField } from "../ui/FormField";
import { FormMessage } from "../ui/FormMessage";
import { useSubmission } from "../ui/useSubmission";
import { handleFromInput, RETURN_HOME_MS } from "./extraction";
import { PreviewResults } from "./PreviewResults";
import { ProgressPanel } from "./ProgressPanel";
import { confirmProfile } from "./profile-api";
import { useExtraction } from "./useExtraction";
import { translateServerText } from "../lib/api";
import { t } from "../lib/i18n";

/** The Add TikTok Profile screen (spec §2, §4 "Extraction flow"): find a profile's videos, then confirm it. */
export default function AddProfile() {
  const signedIn = getAppContext().user !== null;
  const [username, setUsername] = useState("");
  const extraction = useExtraction();
  const { state, searching, elapsedMs } = extraction;
  const confirmation = useSubmission();
  const homeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const handle = handleFromInput(username);

  useEffect(
    () => () => {
      if (homeTimer.current) clearTimeout(homeTimer.current);
    },
    [],
  );

  const { resume } = extraction;
  useEffect(() => {
    if (!signedIn) return;
    const resumed = resume();
    if (resumed !== null) setUsername(resumed);
  }, [signedIn, resume]);

  function onFind(event: FormEvent) {
    event.preventDefault();
    if (!signedIn) {
      requestAuth("login");
      return;
    }
    if (!handle || searching) return;
    confirmation.setOutcome(null);
    void extraction.find(handle);
  }

  function resetAll() {
    extraction.reset();
    confirmation.setOutcome(null);
  }

  async function onConfirm() {
    const result = state.result;
    if (!result) return;
    const ids = result.videos.filter((video) => video.valid).map((video) => video.videoId);
    const outcome = await confirmation.submit(() => confirmProfile(result.username, result.displayName, ids), {
      success: translateServerText,
      failure: t("Failed to confirm profile addition"),
    });
    if (!outcome.ok) return;
    extraction.reset();
    setUsername("");
    homeTimer.current = setTimeout(() => goTo("/"), RETURN_HOME_MS);
  }

  const result = state.phase === "done" ? state.result : null;
  return (
    <div className="add-profile">
      <form className="card add-profile-form" onSubmit={onFind} noValidate>
        <FormField label={t("TikTok Username *")}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="text"
              name="username"
              autoComplete="off"
              placeholder={t("Enter TikTok username (without @)")}
              value={username}
              disabled={searching || confirmation.busy}
              onChange={(event) => setUsername(event.target.value)}
            />
          )}
        </FormField>
        {state.error && (
          <div className="alert alert-error form-message" role="alert">
            {state.error}
            {state.existingCreator && (
              <>
                {" "}
                <a href={`/user/${encodeURIComponent(state.existingCreator)}`}>
                  {t("See @{username}'s videos", { username: state.existingCreator })}
                </a>
              </>
            )}
          </div>
        )}
        <FormMessage outcome={confirmation.outcome} />
        <div className="add-profile-buttons">
          <button type="button" className="btn btn-ghost" onClick={() => goTo("/")}>
            {t("Cancel")}
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={signedIn && (!handle || searching)}
            aria-disabled={!signedIn || !handle || searching ? true : undefined}
          >
            {searching ? t("Finding Videos...") : t("Find Videos")}
          </button>
        </div>
      </form>

      {state.step !== null && <ProgressPanel step={state.step} elapsedMs={elapsedMs} running={searching} />}

      {result && (
        <PreviewResults
          result={result}
          confirming={confirmation.busy}
          extracting={searching}
          onExtract={() => void extraction.extract(result.username)}
          onCancel={resetAll}
          onConfirm={() => void onConfirm()}
          onTryAgain={() => void extraction.find(handle || result.username)}
        />
      )}
    </div>
  );
}
