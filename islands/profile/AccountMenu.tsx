import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { t } from "../lib/i18n";

export interface MenuSection {
  id: string;
  label: string;
  content: ReactNode;
}

const NEXT_KEYS: Record<string, (current: number, count: number) => number> = {
  ArrowDown: (current, count) => (current + 1) % count,
  ArrowRight: (current, count) => (current + 1) % count,
  ArrowUp: (current, count) => (current - 1 + count) % count,
  ArrowLeft: (current, count) => (current - 1 + count) % count,
  Home: () => 0,
  End: (_current, count) => count - 1,
};

/** The account sections as tabs: one panel shown at a time, every panel kept mounted so typed values survive switching. */
export function AccountMenu({ sections }: { sections: MenuSection[] }) {
  const [activeId, setActiveId] = useState(sections[0]?.id ?? "");
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const baseId = useId();

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const move = NEXT_KEYS[event.key];
    if (!move) return;
    event.preventDefault();
    const current = sections.findIndex((section) => section.id === activeId);
    const next = sections[move(current, sections.length)];
    if (!next) return;
    setActiveId(next.id);
    tabRefs.current.get(next.id)?.focus();
  }

  return (
    <div className="account-menu">
      <div className="account-tabs" role="tablist" aria-label={t("Account")} aria-orientation="vertical" onKeyDown={handleKeyDown}>
        {sections.map((section) => {
          const selected = section.id === activeId;
          return (
            <button
              key={section.id}
              ref={(element) => {
                if (element) tabRefs.current.set(section.id, element);
                else tabRefs.current.delete(section.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${section.id}`}
              className="account-tab"
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${section.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setActiveId(section.id)}
            >
              {section.label}
            </button>
          );
        })}
      </div>
      {sections.map((section) => (
        <section
          key={section.id}
          id={`${baseId}-panel-${section.id}`}
          className="card account-panel"
          role="tabpanel"
          aria-labelledby={`${baseId}-tab-${section.id}`}
          hidden={section.id !== activeId}
        >
          <h2 className="account-panel-title">{section.label}</h2>
          {section.content}
        </section>
      ))}
    </div>
  );
}
