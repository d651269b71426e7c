import { t } from "../../lib/i18n";

/** 'Download my data': the account, follows, playlists (with their videos), reports and uploads as one JSON file. */
export function YourDataSection() {
  return (
    <div className="account-form">
      <p className="muted">
        {t(
          "One JSON file with your account details, the creators you follow, your playlists and their videos, the reports you filed and your uploads. Passwords and sign-in keys are never included.",
        )}
      </p>
      <a className="btn btn-ghost" href="/api/auth/export" download>
        {t("Download My Data")}
      </a>
    </div>
  );
}
