import { useEffect, useState } from "react";
import { fetchTrendCurve } from "./trends-api";
import { ChevronDownIcon } from "../ui/icons";
import { t } from "../lib/i18n";

/** A trend's curve as the server drew it: the page's own for the trend it opened with. */
export interface DrawnCurve {
  songKey: string;
  html: string;
}

interface Props {
  songKey: string;
  rising: boolean;
  /** Drawn with the page, so opening the panel on the first trend needs no request. */
  initial: DrawnCurve | null;
}

/** The 'Curve' panel under the trend's heading, folded until asked for; another trend's curve is fetched when shown. */
export function TrendCurve({ songKey, rising, initial }: Props) {
  const [open, setOpen] = useState(false);
  const [drawn, setDrawn] = useState<Record<string, string>>(() => (initial ? { [initial.songKey]: initial.html } : {}));
  const [failed, setFailed] = useState<string | null>(null);
  const html = drawn[songKey];

  useEffect(() => {
    if (!open || html !== undefined) return;
    let current = true;
    fetchTrendCurve(songKey).then(
      (fragment) => current && setDrawn((known) => ({ ...known, [songKey]: fragment })),
      () => current && setFailed(songKey),
    );
    return () => {
      current = false;
    };
  }, [open, songKey, html]);

  return (
    <details className="trend-curve" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        {t("Curve")}
        <ChevronDownIcon className="trend-curve-chevron" />
        {rising && <span className="badge trend-rising-badge">{t("Rising")}</span>}
      </summary>
      {html !== undefined ? (
        // The server's own fragment (escaped there): the chart is drawn once, on the server.
        <div dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p className="muted trend-curve-status" role="status">
          {failed === songKey ? t("Unable to load the curve") : t("Loading the curve...")}
        </p>
      )}
    </details>
  );
}
