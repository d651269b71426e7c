import { useEffect, useRef, type ReactNode, type RefObject } from "react";
import { useScrollPaging } from "./scroll-paging";
import { t } from "../lib/i18n";

export interface ListTexts {
  loading: string;
  failed: string;
  empty: string;
}

interface Props {
  label: string;
  /** The first page has answered (or failed). */
  settled: boolean;
  failed: boolean;
  loadingMore: boolean;
  itemCount: number;
  texts: ListTexts;
  onNearEnd: () => void;
  /** The list items (`<li>`). */
  children: ReactNode;
}

/** A scrolling sidebar list that asks for more at 85%, with its loading, failure and empty texts. */
export function ScrollList({ label, settled, failed, loadingMore, itemCount, texts, onNearEnd, children }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  useScrollPaging(ref, { enabled: settled && !failed, itemCount, onNearEnd });
  useChosenItemInView(ref);

  let body: ReactNode;
  if (!settled) {
    body = (
      <p className="watch-list-status" role="status">
        <span className="spinner" aria-hidden="true" />
        {texts.loading}
      </p>
    );
  } else if (itemCount === 0) {
    body = (
      <p className="watch-list-status" role={failed ? "alert" : undefined}>
        {failed ? texts.failed : texts.empty}
      </p>
    );
  } else {
    body = (
      <ul className="watch-items" aria-label={label}>
        {children}
      </ul>
    );
  }

  return (
    <div ref={ref} className="watch-list">
      {body}
      {settled && loadingMore && (
        <div className="watch-list-more" role="status">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">{t("Loading more...")}</span>
        </div>
      )}
    </div>
  );
}

/** The chosen item scrolled into the list's view the first time the list shows it (a shared link chooses one further
 * down the list; on a phone the list is folded while a choice plays, and a hashtag chosen moves to the top): only the
 * list scrolls, never the page, and only once for each item chosen, so the viewer's own scrolling stands. */
function useChosenItemInView(ref: RefObject<HTMLDivElement | null>) {
  const placed = useRef<Element | null>(null);
  // After each drawing: a new choice, the pages that reach it, the folded list opened again.
  useEffect(() => {
    const list = ref.current;
    const chosen = list?.querySelector("[aria-pressed='true'], [aria-current='true']");
    if (!list || !chosen || chosen === placed.current) return;
    const view = list.getBoundingClientRect();
    if (view.height === 0) return; // folded away: placed when it shows again
    placed.current = chosen;
    const item = chosen.getBoundingClientRect();
    if (item.bottom > view.bottom) list.scrollTop += item.bottom - view.bottom + item.height / 2;
    else if (item.top < view.top) list.scrollTop -= view.top - item.top;
  });
}
