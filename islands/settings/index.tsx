import { useId, type ReactNode } from "react";
import { getAppContext } from "../lib/context";
import { PasswordChange } from "../ui/PasswordChange";
import { DangerZone } from "./DangerZone";
import { FollowingFeed } from "./FollowingFeed";
import { LanguageSetting } from "./LanguageSetting";
import { ProfileInformationForm } from "./ProfileInformationForm";
import { t } from "../lib/i18n";

function SettingsCard({ title, tone, children }: { title: string; tone?: "danger"; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={tone === "danger" ? "card settings-card danger-zone" : "card settings-card"} aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-card-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /settings for a signed-in user; visitors keep the server-rendered sign-in prompt, so nothing mounts for them. */
export default function Settings() {
  const { user } = getAppContext();
  if (!user) return null;
  return (
    <div className="settings">
      <SettingsCard title={t("Profile Information")}>
        <ProfileInformationForm user={user} />
      </SettingsCard>
      <SettingsCard title={t("Change Password")}>
        <PasswordChange submitLabel={t("Update Password")} />
      </SettingsCard>
      <SettingsCard title={t("Language")}>
        <LanguageSetting user={user} />
      </SettingsCard>
      <SettingsCard title={t("Feed Reader")}>
        <FollowingFeed />
      </SettingsCard>
      <SettingsCard title={t("Danger Zone")} tone="danger">
        <DangerZone />
      </SettingsCard>
    </div>
  );
}
