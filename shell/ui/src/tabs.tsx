import { useId, useRef, type ReactNode } from 'react';

export interface TabDef<T extends string> {
  id: T;
  label: string;
}

/**
 * Tabs (WAI-ARIA tabs pattern): a labelled tablist, one tabpanel; arrow keys, Home and End move
 * between tabs and select them; only the selected tab is in the Tab order.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
  children,
  className = '',
}: {
  label: string;
  tabs: readonly TabDef<T>[];
  value: T;
  onChange: (id: T) => void;
  children: ReactNode;
  className?: string;
}) {
  const base = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const go = (index: number) => {
    const next = tabs[(index + tabs.length) % tabs.length]!;
    onChange(next.id);
    refs.current[next.id]?.focus();
  };
  const at = tabs.findIndex((t) => t.id === value);
  return (
    <div className={`sniff-ui-tabs ${className}`.trim()}>
      <div role="tablist" aria-label={label} className="sniff-ui-tablist">
        {tabs.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${t.id}`}
            aria-selected={value === t.id}
            aria-controls={`${base}-panel`}
            tabIndex={value === t.id ? 0 : -1}
            onClick={() => onChange(t.id)}
            onKeyDown={(e) => {
              const moves: Record<string, number> = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: -1 };
              if (!(e.key in moves)) return;
              e.preventDefault();
              go(moves[e.key]!);
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-tab-${value}`}
        tabIndex={0}
        className="sniff-ui-tabpanel"
      >
        {children}
      </div>
    </div>
  );
}
