import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<K extends string = string> {
  key: K;
  label: ReactNode;
  content: ReactNode;
}

interface TabsProps<K extends string> {
  /** Prefix of the tab and panel ids: stable, so pre-rendered HTML and hydration agree. */
  idBase: string;
  /** Accessible name of the tab list. */
  label: string;
  items: readonly TabItem<K>[];
  /** Controlled selection; without it the first tab starts selected. */
  selected?: K;
  onSelect?: (key: K) => void;
  className?: string;
}

const MOVES: Record<string, (i: number, n: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

/**
 * WAI-ARIA tabs with automatic activation: arrow keys (and Home/End) move between tabs and select them,
 * only the selected tab is in the Tab order. Every panel is rendered (inactive ones `hidden`), so the
 * pre-rendered HTML carries all of the content.
 */
export function Tabs<K extends string>({ idBase, label, items, selected, onSelect, className = '' }: TabsProps<K>) {
  const [own, setOwn] = useState<K>(items[0].key);
  const current = selected ?? own;
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (key: K) => {
    setOwn(key);
    onSelect?.(key);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const index = items.findIndex((t) => t.key === current);
    const next = move(index, items.length);
    select(items[next].key);
    tabs.current[next]?.focus();
  };

  return (
    <div className={`tabs ${className}`.trim()}>
      <div className="tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {items.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${idBase}-tab-${t.key}`}
            className="tabs__tab"
            aria-selected={t.key === current}
            aria-controls={`${idBase}-panel-${t.key}`}
            tabIndex={t.key === current ? 0 : -1}
            onClick={() => select(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {items.map((t) => (
        <div
          key={t.key}
          role="tabpanel"
          id={`${idBase}-panel-${t.key}`}
          className="tabs__panel"
          aria-labelledby={`${idBase}-tab-${t.key}`}
          tabIndex={0}
          hidden={t.key !== current}
        >
          {t.content}
        </div>
      ))}
    </div>
  );
}
