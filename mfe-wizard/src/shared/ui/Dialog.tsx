import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A small modal dialog (role=dialog, labelled by its title, Escape closes, focus moves in).
 * Local until @sniff/ui has one.
 */
export function Dialog({
  title,
  children,
  actions,
  onClose,
}: {
  title: string;
  children: ReactNode;
  actions: ReactNode;
  onClose: () => void;
}) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLElement>('button, a[href]')?.focus();
    return () => previous?.focus?.();
  }, []);
  return (
    <div className="sniff-dialog__backdrop">
      <div
        ref={ref}
        className="sniff-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
        }}
      >
        <h2 id={titleId}>{title}</h2>
        <div className="sniff-dialog__body">{children}</div>
        <div className="sniff-dialog__actions">{actions}</div>
      </div>
    </div>
  );
}
