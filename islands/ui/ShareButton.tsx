import { useEffect, useRef, useState } from "react";
import { shareOrCopy } from "../lib/share";
import { ShareIcon } from "./icons";
import { t } from "../lib/i18n";

export const COPIED_MS = 2_000;

interface Props {
  /** The address to share, read when pressed (a feed's address follows its video). */
  link: () => string;
  /** The button's name where its word alone says too little (one of a list of playlists). */
  name?: string;
  className?: string;
}

/** Share: the native share sheet where there is one, else the link is copied and the button reads 'Copied!' for 2 s. */
export function ShareButton({ link, name, className = "feed-share" }: Props) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function share() {
    const outcome = await shareOrCopy(link());
    if (outcome !== "copied") return;
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  }

  return (
    <button type="button" className={`btn btn-ghost ${className}`} aria-label={name} onClick={() => void share()}>
      <ShareIcon />
      <span aria-live="polite">{copied ? t("Copied!") : t("Share")}</span>
    </button>
  );
}
