import { translateServerText } from "../lib/api";
import { formatElapsed } from "./extraction";
import { t } from "../lib/i18n";

interface Props {
  step: string;
  elapsedMs: number;
  running: boolean;
}

/** 'Adding TikTok Profile Progress': the current step and the elapsed time. */
export function ProgressPanel({ step, elapsedMs, running }: Props) {
  return (
    <section className="card add-profile-panel" aria-labelledby="add-profile-progress-title">
      <h2 id="add-profile-progress-title" className="add-profile-panel-title">
        {t("Adding TikTok Profile Progress")}
      </h2>
      <p className="add-profile-step" role="status">
        {running && <span className="spinner" aria-hidden="true" />}
        <span>{translateServerText(step)}</span>
      </p>
      <p className="add-profile-elapsed muted">
        {t("Elapsed time:")} <span className="add-profile-elapsed-value">{formatElapsed(elapsedMs)}</span>
      </p>
    </section>
  );
}
