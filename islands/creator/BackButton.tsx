import { ChevronLeftIcon } from "../ui/icons";
import { t } from "../lib/i18n";

/** Back to the page the visitor came from. It shows only when that was a page of this site other than a creator's
 * (spec): the page's first-paint script (app/first_paint.js) marks such a visit on <html>, and the stylesheet shows
 * the button then, the server's copy from the first paint. */
export function BackButton() {
  return (
    <button type="button" className="btn btn-ghost creator-back" onClick={() => window.history.back()}>
      <ChevronLeftIcon />
      {t("Back")}
    </button>
  );
}
