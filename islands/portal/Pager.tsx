import { t } from "../lib/i18n";

interface Props {
  page: number;
  pages: number;
  /** Names the list being paged, e.g. "Video reports pages". */
  label: string;
  disabled?: boolean;
  onPage: (page: number) => void;
}

/** Previous / 'Page n of m' / Next; nothing when everything fits on one page. */
export function Pager({ page, pages, label, disabled = false, onPage }: Props) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="btn btn-ghost" disabled={disabled || page <= 1} onClick={() => onPage(page - 1)}>
        {t("Previous")}
      </button>
      <span className="pager-status" aria-live="polite">
        {t("Page {page} of {pages}", { page, pages })}
      </span>
      <button type="button" className="btn btn-ghost" disabled={disabled || page >= pages} onClick={() => onPage(page + 1)}>
        {t("Next")}
      </button>
    </nav>
  );
}
