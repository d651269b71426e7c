import { useState } from "react";
import { ChevronLeftIcon } from "../ui/icons";
import { cameFromThisSite } from "./back-link";
import { t } from "../lib/i18n";

/** Back to the page the visitor came from on this site (spec: only from this site, not from a creator page). */
export function BackButton() {
  const [shown] = useState(() => cameFromThisSite(document.referrer, window.location.origin));
  if (!shown) return null;
  return (
    <button type="button" className="btn btn-ghost creator-back" onClick={() => window.history.back()}>
      <ChevronLeftIcon />
      {t("Back")}
    </button>
  );
}
