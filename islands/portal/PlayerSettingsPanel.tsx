import { useState, type FormEvent } from "react";
import type { PlayerSettings } from "../lib/api-types";
import { currentPlayerSettings, PLAYER_SETTING_NAMES } from "../lib/player-settings";
import type { FormOutcome } from "../ui/FormMessage";
import { Outcomes } from "./Outcomes";
import { PortalSection } from "./PortalSection";
import {
  playerSettingLabels,
  SETTINGS_MESSAGES,
  sameSettings,
  saveLocalPlayerSettings,
  savePlayerSettings,
  withSetting,
} from "./player-settings-form";
import { resetGlobalPlayerSettings, saveGlobalPlayerSettings } from "./portal-api";
import { t } from "../lib/i18n";

type Busy = "save" | "reset" | null;

/** The fourteen embed player switches; an admin saves them for everyone, anyone else for this browser only. */
export function PlayerSettingsPanel({ isAdmin }: { isAdmin: boolean }) {
  const [saved, setSaved] = useState<PlayerSettings>(() => currentPlayerSettings());
  const [draft, setDraft] = useState<PlayerSettings>(saved);
  const [busy, setBusy] = useState<Busy>(null);
  const [outcomes, setOutcomes] = useState<FormOutcome[]>([]);
  const changed = !sameSettings(draft, saved);
  const labels = playerSettingLabels();

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy("save");
    setOutcomes([]);
    const lines = await savePlayerSettings(draft, isAdmin, {
      saveGlobal: saveGlobalPlayerSettings,
      saveLocal: saveLocalPlayerSettings,
    });
    setOutcomes(lines);
    if (lines.some((line) => line.tone === "success")) setSaved(draft);
    setBusy(null);
  }

  async function reset() {
    if (busy || !window.confirm(SETTINGS_MESSAGES.resetConfirm)) return;
    setBusy("reset");
    setOutcomes([]);
    try {
      const defaults = await resetGlobalPlayerSettings();
      setSaved(defaults);
      setDraft(defaults);
      setOutcomes([{ tone: "success", text: SETTINGS_MESSAGES.resetDone }]);
    } catch (error) {
      console.error(SETTINGS_MESSAGES.resetFailed, error);
      setOutcomes([{ tone: "error", text: SETTINGS_MESSAGES.resetFailed }]);
    } finally {
      setBusy(null);
    }
  }

  return (
    <PortalSection
      title={t("Embed Player Settings")}
      description={isAdmin ? t("Saved settings apply to every visitor's player.") : t("Your changes apply to this browser only.")}
    >
      <form className="player-settings-form" onSubmit={(event) => void save(event)} aria-busy={busy !== null}>
        <fieldset className="switch-grid" disabled={busy !== null}>
          <legend className="visually-hidden">{t("Player features")}</legend>
          {PLAYER_SETTING_NAMES.map((name) => (
            <label key={name} className="switch">
              <input
                type="checkbox"
                role="switch"
                checked={draft[name]}
                onChange={(event) => setDraft(withSetting(draft, name, event.currentTarget.checked))}
              />
              <span className="switch-track" aria-hidden="true" />
              <span className="switch-label">{labels[name]}</span>
            </label>
          ))}
        </fieldset>
        <Outcomes outcomes={outcomes} />
        <div className="portal-actions">
          <button type="submit" className="btn btn-primary" disabled={busy !== null}>
            {busy === "save" ? t("Saving...") : t("Save Settings")}
          </button>
          {isAdmin && (
            <button type="button" className="btn btn-ghost" disabled={busy !== null} onClick={() => void reset()}>
              {busy === "reset" ? t("Resetting...") : t("Reset to Defaults")}
            </button>
          )}
          {changed && <span className="portal-hint">{t("Unsaved changes")}</span>}
        </div>
      </form>
    </PortalSection>
  );
}
