/**
 * @sniff/ui: design tokens (tokens.css, imported once by the shell as '@sniff/ui/tokens.css') and
 * small accessible components shared by the shell and the remotes. Styling comes only from the
 * CSS variables and `sniff-ui-*` classes in tokens.css.
 */
import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type ComponentType,
  type HTMLAttributes,
  type ReactNode,
} from 'react';

/**
 * primary, secondary, danger and ghost are text buttons; `icon` is a round icon-only button (give it an
 * aria-label); `tile` a large choice card, pressed with aria-pressed; `segment` one option of a
 * segmented toggle (aria-pressed); `chip` the small × that removes a chip.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'icon' | 'tile' | 'segment' | 'chip';

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ComponentProps<'button'> & { variant?: ButtonVariant }) {
  const cls = `sniff-ui-button${variant === 'primary' ? '' : ` sniff-ui-button--${variant}`} ${className}`.trim();
  return <button type={type} className={cls} {...props} />;
}

export function Card({ className = '', ...props }: HTMLAttributes<HTMLElement>) {
  return <section className={`sniff-ui-card ${className}`.trim()} {...props} />;
}

/** A busy indicator; `label` is what assistive technology announces. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return <span className="sniff-ui-spinner" role="status" aria-label={label} />;
}

/**
 * A component in a chunk of its own, fetched when it first renders, with a Spinner announcing `label`
 * meanwhile: the one way the dashboard defers a page or panel that most visits never show.
 */
export function lazyWithSpinner<P extends object>(
  load: () => Promise<ComponentType<P>>,
  label: string,
): ComponentType<P> {
  // Props pass through untouched: the loaded component takes the same P.
  const Lazy = lazy(async () => ({ default: (await load()) as ComponentType<object> }));
  function Deferred(props: P) {
    return (
      <Suspense fallback={<Spinner label={label} />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Deferred;
}

export type Status = 'queued' | 'running' | 'done' | 'failed';

/**
 * A store's indexing status as a coloured badge whose text is the status word (colour is never the
 * only cue): queued amber, running blue with a spinning dot, done green, failed red; a sync that
 * finished but skipped items reads "Done with warnings" in amber with a mark.
 */
export function StatusBadge({ status, warning = false }: { status: Status | string; warning?: boolean }) {
  if (status === 'done' && warning) {
    return (
      <span className="sniff-ui-badge sniff-ui-badge--warning">
        <span aria-hidden="true">!</span>
        Done with warnings
      </span>
    );
  }
  return (
    <span className={`sniff-ui-badge sniff-ui-badge--${status}`}>
      {status === 'running' && <span className="sniff-ui-badge-dot" aria-hidden="true" />}
      {status}
    </span>
  );
}

/** An error shown in place of a part that failed, with a way to try again. */
export function ErrorPanel({
  title,
  message,
  children,
  onRetry,
}: {
  title: string;
  message?: ReactNode;
  children?: ReactNode;
  onRetry?: () => void;
}) {
  return (
    <div className="sniff-ui-panel" role="alert">
      <h2>{title}</h2>
      {message !== undefined && <p>{message}</p>}
      {children}
      {onRetry && <Button onClick={onRetry}>Try again</Button>}
    </div>
  );
}

export type AlertKind = 'success' | 'info' | 'warning' | 'error';

/** A message banner; errors are announced assertively, the rest politely. */
export function Alert({
  kind = 'info',
  children,
  onDismiss,
}: {
  kind?: AlertKind;
  children: ReactNode;
  onDismiss?: () => void;
}) {
  return (
    <div className={`sniff-ui-alert sniff-ui-alert--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <div className="sniff-ui-alert-body">{children}</div>
      {onDismiss && (
        <button type="button" className="sniff-ui-alert-dismiss" aria-label="Dismiss" onClick={onDismiss}>
          ×
        </button>
      )}
    </div>
  );
}

/** Older browsers and non-secure pages: copy through a selected textarea; false when that fails too. */
function copyWithTextarea(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand?.('copy') ?? false;
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** Copies `text`; the label reads "Copied!" for two seconds afterwards. */
export function CopyButton({
  text,
  label = 'Copy Code',
  variant = 'secondary',
}: {
  text: string;
  label?: string;
  variant?: ButtonVariant;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    let ok: boolean;
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard API');
      await navigator.clipboard.writeText(text);
      ok = true;
    } catch {
      ok = copyWithTextarea(text);
    }
    setState(ok ? 'copied' : 'failed');
    clearTimeout(timer.current);
    if (ok) timer.current = setTimeout(() => setState('idle'), 2000);
  };

  return (
    <>
      <Button variant={variant} onClick={() => void copy()} aria-live="polite">
        {state === 'copied' ? 'Copied!' : label}
      </Button>
      {state === 'failed' && <span role="alert">Copying failed: select the code and copy it by hand.</span>}
    </>
  );
}

export * from './dialog';
export * from './tabs';
export * from './toast';
