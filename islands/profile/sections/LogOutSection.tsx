import { useState } from "react";
import { logOutEverywhere } from "../../lib/account-api";

export function LogOutSection({ brand }: { brand: string }) {
  const [busy, setBusy] = useState(false);

  function handleClick() {
    setBusy(true);
    void logOutEverywhere();
  }

  return (
    <div className="account-form">
      <p className="muted">Sign out of {brand} on every device, including this one.</p>
      <button type="button" className="btn btn-danger" disabled={busy} onClick={handleClick}>
        {busy ? "Logging Out..." : "Log Out"}
      </button>
    </div>
  );
}
