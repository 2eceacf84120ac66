import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

export type ToastKind = 'success' | 'error' | 'info';
interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

type Show = (text: string, kind?: ToastKind) => void;
const ToastContext = createContext<Show | null>(null);

/** How long a toast stays; errors stay until dismissed. */
const TOAST_MS = 5000;

/**
 * Short confirmations ("Store deleted successfully!") that replace window.alert: announced by screen
 * readers (errors assertively), never steal focus, dismissible, and gone after five seconds.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((all) => all.filter((t) => t.id !== id));
  }, []);
  const show = useCallback<Show>(
    (text, kind = 'success') => {
      const id = next.current++;
      setToasts((all) => [...all.slice(-2), { id, kind, text }]);
      if (kind !== 'error')
        timers.current.set(
          id,
          setTimeout(() => dismiss(id), TOAST_MS),
        );
    },
    [dismiss],
  );
  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((t) => clearTimeout(t));
  }, []);
  const polite = toasts.filter((t) => t.kind !== 'error');
  const urgent = toasts.filter((t) => t.kind === 'error');
  const list = (items: Toast[]) =>
    items.map((t) => (
      <div key={t.id} className={`sniff-ui-toast sniff-ui-toast--${t.kind}`}>
        <span>{t.text}</span>
        <button type="button" className="sniff-ui-alert-dismiss" aria-label="Dismiss" onClick={() => dismiss(t.id)}>
          ×
        </button>
      </div>
    ));
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="sniff-ui-toasts">
        {/* Live regions without a role: always present (so additions are announced) without
            counting as the page's status or alert. */}
        <div aria-live="polite">{list(polite)}</div>
        <div aria-live="assertive">{list(urgent)}</div>
      </div>
    </ToastContext.Provider>
  );
}

/** Shows a toast; needs a ToastProvider above (each remote's root has one). */
export function useToast(): Show {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a <ToastProvider> above it');
  return show;
}
