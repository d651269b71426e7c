import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";

export type CategoryKind = "hashtags" | "playlists";

const TABS: ReadonlyArray<{ kind: CategoryKind; label: string }> = [
  { kind: "hashtags", label: "Hashtags" },
  { kind: "playlists", label: "Playlists" },
];

interface Props {
  active: CategoryKind;
  onChange: (kind: CategoryKind) => void;
  children: ReactNode;
}

/** The Hashtags / Playlists tabs; Left and Right move between them, as tabs do. */
export function CategoryTabs({ active, onChange, children }: Props) {
  const baseId = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, position: number) {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    const next = (position + (event.key === "ArrowRight" ? 1 : -1) + TABS.length) % TABS.length;
    const tab = TABS[next];
    if (!tab) return;
    onChange(tab.kind);
    buttons.current[next]?.focus();
  }

  return (
    <>
      <div className="watch-tabs" role="tablist" aria-label="Category type">
        {TABS.map((tab, position) => (
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
