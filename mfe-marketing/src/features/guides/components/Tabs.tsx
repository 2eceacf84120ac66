import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  id: string;
  label: string;
  /** Shown as a badge on the tab; coming-soon tabs stay selectable so their panel can explain. */
  comingSoon?: boolean;
  panel: ReactNode;
}

/**
 * WAI-ARIA tabs with automatic activation: arrows, Home and End move between tabs. Every panel is
 * rendered (inactive ones `hidden`), so pre-rendered HTML carries all of their text.
 */
export function Tabs({ id, label, tabs }: { id: string; label: string; tabs: TabItem[] }) {
  const [selected, setSelected] = useState(tabs[0]?.id);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const badges = tabs.some((t) => t.comingSoon);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    if (next < 0) return;
    event.preventDefault();
    setSelected(tabs[next].id);
    buttons.current[next]?.focus();
  };

  return (
    <div className="guide-tabs">
      <div role="tablist" aria-label={label} className="guide-tablist">
        {tabs.map((tab, index) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                buttons.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.id}`}
              aria-selected={active}
              aria-controls={`${id}-panel-${tab.id}`}
              tabIndex={active ? 0 : -1}
              className="guide-tab"
              onClick={() => setSelected(tab.id)}
              onKeyDown={(e) => onKeyDown(e, index)}
            >
              {tab.label}
              {badges && (
                <span className={`guide-badge${tab.comingSoon ? ' guide-badge--soon' : ''}`}>
                  {tab.comingSoon ? 'Coming soon' : 'Available'}
                </span>
              )}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${id}-panel-${tab.id}`}
          aria-labelledby={`${id}-tab-${tab.id}`}
          tabIndex={0}
          hidden={tab.id !== selected}
          className="guide-tabpanel"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
