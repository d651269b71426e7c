import { useCallback, useEffect, useState } from "react";
import { getAppContext } from "../lib/context";
import { onAppEvent } from "../lib/events";
import { ContactMessagesPanel } from "./ContactMessagesPanel";
import { HealthChecker } from "./HealthChecker";
import { PlayerSettingsPanel } from "./PlayerSettingsPanel";
import { fetchStats, fetchTikTokStatus } from "./portal-api";
import { PortalSection } from "./PortalSection";
import { ReportsPanel } from "./ReportsPanel";
import { StatCards } from "./StatCards";
import { TikTokStatusPanel, TikTokWarnings } from "./TikTokStatusPanel";
import type { TikTokStatus } from "../lib/api-types";
import { canaryPending, TIKTOK_STATUS_POLL_MS } from "./tiktok-status";
import { UploadsPanel } from "./UploadsPanel";
import { UsernamesDialog } from "./UsernamesDialog";
import { useResource } from "../lib/useResource";
import { t } from "../lib/i18n";

export interface DeveloperPortalProps {
  /** Contact form subjects by code, as the server defines them. */
  contactSubjects?: Record<string, string>;
}

/** While the daily TikTok check runs (on its own or by 'Check Now'), its status is read every 2 s. */
const CANARY_REFRESH = {
  everyMs: TIKTOK_STATUS_POLL_MS,
  while: (status: TikTokStatus) => canaryPending(status.canary),
};

/** The admin's developer portal (spec §2): player settings, catalog stats, video health, reports and the inbox. */
export default function DeveloperPortal({ contactSubjects = {} }: DeveloperPortalProps) {
  const isAdmin = getAppContext().user?.role === "admin";
  const stats = useResource("Failed to load the catalog stats", fetchStats, []);
  const tiktok = useResource("Failed to load the TikTok status", fetchTikTokStatus, [], { refresh: CANARY_REFRESH });
  const [usernamesOpen, setUsernamesOpen] = useState(false);
  // Stable, because the dialog re-arms its Escape and focus handling whenever onClose changes.
  const closeUsernames = useCallback(() => setUsernamesOpen(false), []);
  const { reload: reloadStats } = stats;
  useEffect(() => onAppEvent("app:catalog-changed", reloadStats), [reloadStats]);

  if (stats.loading && !stats.data && stats.error === null) {
    return (
      <div className="loading-state" role="status">
        <span className="spinner" aria-hidden="true" />
        {t("Loading developer portal...")}
      </div>
    );
  }

  return (
    <div className="portal">
      <TikTokWarnings status={tiktok.data} />
      <PortalSection
        title={t("Catalog")}
        className="catalog-section"
        actions={
          <button type="button" className="btn btn-ghost btn-small" onClick={() => setUsernamesOpen(true)} aria-haspopup="dialog">
            {t("Monitored Usernames")}
          </button>
        }
      >
        <StatCards
          stats={stats.data}
          failed={stats.error !== null}
          onRetry={stats.reload}
          onOpenUsernames={() => setUsernamesOpen(true)}
        />
      </PortalSection>
      <div className="portal-columns">
        <PlayerSettingsPanel isAdmin={isAdmin} />
        <HealthChecker />
      </div>
      <ReportsPanel />
      <TikTokStatusPanel resource={tiktok} />
      <div className="portal-columns">
        <UploadsPanel />
        <ContactMessagesPanel subjects={contactSubjects} />
      </div>
      {usernamesOpen && <UsernamesDialog onClose={closeUsernames} />}
    </div>
  );
}
