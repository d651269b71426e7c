import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";

export interface TabOption<K extends string> {
  kind: K;
  label: string;
}

interface Props<K extends string> {
  label: string;
  /** Extra classes for the tab row. */
  className?: string;
  tabs: readonly TabOption<K>[];
  active: K;
  onChange: (kind: K) => void;
  children: ReactNode;
}

/** A row of tabs over one panel; Left and Right move between them, as tabs do. */
export function Tabs<K extends string>({ label, className, tabs, active, onChange, children }: Props<K>) {
  const baseId = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, position: number) {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    const next = (position + (event.key === "ArrowRight" ? 1 : -1) + tabs.length) % tabs.length;
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.kind);
    buttons.current[next]?.focus();
  }

  return (
    <>
      <div
        className={className ? `watch-tabs ${className}` : "watch-tabs"}
        role="tablist"
        aria-label={label}
        data-count={tabs.length}
      >
        {tabs.map((tab, position) => (
          <button
            key={tab.kind}
            ref={(element) => {
              buttons.current[position] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${tab.kind}`}
            className="watch-tab"
            aria-selected={tab.kind === active}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab.kind === active ? 0 : -1}
            onClick={() => onChange(tab.kind)}
            onKeyDown={(event) => onKeyDown(event, position)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div id={`${baseId}-panel`} className="watch-tab-panel" role="tabpanel" aria-labelledby={`${baseId}-${active}`}>
        {children}
      </div>
    </>
  );
}
