import { useId, useLayoutEffect, useRef, type ReactNode } from "react";
import { ChevronDownIcon } from "./icons";

interface Props {
  /** The page's heading, shown above the list (and above the toggle on phones). */
  title: string;
  /** What the phone toggle says about the current choice. */
  summary: string;
  /** Once something plays, phones fold the list behind the toggle; before that it stays open. */
  collapsible: boolean;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}

/** The list beside the stage; on phones it sits above the stage and folds behind a toggle. */
export function BrowsePanel({ title, summary, collapsible, open, onToggle, children }: Props) {
  const bodyId = useId();
  const titleId = useId();
  const body = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const folded = collapsible && !open;
  useLayoutEffect(() => {
    // A choice folds the list on a phone, hiding the item that had the focus: it goes to the toggle naming the choice.
    const list = body.current;
    if (folded && list?.getClientRects().length === 0 && list.contains(document.activeElement)) toggle.current?.focus();
  }, [folded]);
  const wasCollapsible = useRef(collapsible);
  useLayoutEffect(() => {
    // Back to the list took away the feed and the control that had the focus: the list's heading takes it (where
    // the browser scrolled back to stays).
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (wasCollapsible.current && !collapsible && lost) heading.current?.focus({ preventScroll: true });
    wasCollapsible.current = collapsible;
  }, [collapsible]);
  return (
    <aside className="watch-panel" aria-labelledby={titleId} data-open={open || !collapsible}>
      <h1 id={titleId} ref={heading} tabIndex={-1} className="watch-panel-title">
        {title}
      </h1>
      {collapsible && (
        <button
          ref={toggle}
          type="button"
          className="btn btn-ghost watch-panel-toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={onToggle}
        >
          <span className="watch-panel-summary">{summary}</span>
          <ChevronDownIcon />
        </button>
      )}
      <div ref={body} id={bodyId} className="watch-panel-body">
        {children}
      </div>
    </aside>
  );
}
