import { useEffect, useRef, useState } from "react";
import { shareLink, shareOrCopy, type ShareableVideo } from "../lib/share";
import { ShareIcon } from "./icons";
import { t } from "../lib/i18n";

export const COPIED_MS = 2_000;

/** Share: the native share sheet where there is one, else the link is copied and the button reads 'Copied!' for 2 s. */
export function ShareButton({ video }: { video: ShareableVideo }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function share() {
    const outcome = await shareOrCopy(shareLink(video, window.location));
    if (outcome !== "copied") return;
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  }

  return (
    <button type="button" className="btn btn-ghost feed-share" onClick={() => void share()}>
      <ShareIcon />
      <span aria-live="polite">{copied ? t("Copied!") : t("Share")}</span>
    </button>
  );
}
