import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Everything on the page but the dialog becomes inert (unreachable by Tab, mouse and screen reader). */
function makeRestInert(host: HTMLElement): () => void {
  const others = Array.from(document.body.children).filter(
    (el): el is HTMLElement => el instanceof HTMLElement && el !== host && !el.hasAttribute('inert'),
  );
  for (const el of others) el.setAttribute('inert', '');
  return () => others.forEach((el) => el.removeAttribute('inert'));
}

/**
 * A modal dialog: labelled by its title, focus moves in (to `[data-autofocus]` or the first control)
 * and stays in (Tab cycles, the rest of the page is inert), Escape closes, and focus returns to
 * where it was. Replaces window.alert and window.confirm everywhere.
 */
export function Dialog({
  title,
  children,
  actions,
  onClose,
  role = 'dialog',
  className = '',
}: {
  title: string;
  children: ReactNode;
  actions: ReactNode;
  onClose: () => void;
  /** alertdialog for confirmations that interrupt (delete). */
  role?: 'dialog' | 'alertdialog';
  /** e.g. sniff-ui-dialog--drawer: the dashboard's menu on a phone, sliding from the left. */
  className?: string;
}) {
  const titleId = useId();
  const bodyId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const host = useRef<HTMLDivElement | null>(null);
  if (!host.current && typeof document !== 'undefined') host.current = document.createElement('div');
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const el = host.current!;
    document.body.appendChild(el);
    const restore = makeRestInert(el);
    const previous = document.activeElement as HTMLElement | null;
    const box = ref.current!;
    (box.querySelector<HTMLElement>('[data-autofocus]') ?? box.querySelector<HTMLElement>(FOCUSABLE) ?? box).focus();
    return () => {
      restore();
      el.remove();
      previous?.focus?.();
    };
  }, []);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      close.current();
      return;
    }
    if (e.key !== 'Tab') return;
    const items = Array.from(ref.current!.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (!items.length) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  if (!host.current) return null;
  return createPortal(
    <div className="sniff-ui-dialog-backdrop">
      <div
        ref={ref}
        className={`sniff-ui-dialog ${className}`.trim()}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId}>{title}</h2>
        <div id={bodyId} className="sniff-ui-dialog-body">
          {children}
        </div>
        <div className="sniff-ui-dialog-actions">{actions}</div>
      </div>
    </div>,
    host.current,
  );
}
