import { useState } from "react";
import { logOutEverywhere } from "../../lib/account-api";
import { t } from "../../lib/i18n";

export function LogOutSection({ brand }: { brand: string }) {
  const [busy, setBusy] = useState(false);

  function handleClick() {
    setBusy(true);
    void logOutEverywhere();
  }

  return (
    <div className="account-form">
      <p className="muted">{t("Sign out of {brand} on every device, including this one.", { brand })}</p>
      <button type="button" className="btn btn-danger" disabled={busy} onClick={handleClick}>
        {busy ? t("Logging Out...") : t("Log Out")}
      </button>
    </div>
  );
}
