/**
 * @sniff/ui: design tokens (tokens.css, imported once by the shell) and the few components the
 * shell's own screens share. Remotes keep their styles scoped and read the same CSS variables.
 */
import type { ButtonHTMLAttributes, ReactNode } from 'react';

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return <span className="sniff-ui-spinner" role="status" aria-label={label} />;
}

export function Button({
  variant = 'primary',
  className = '',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' }) {
  const cls = `sniff-ui-button${variant === 'secondary' ? ' sniff-ui-button--secondary' : ''} ${className}`.trim();
  return <button type="button" className={cls} {...props} />;
}

/** An error shown in place of a part that failed, with a way to try again. */
export function ErrorPanel({
  title,
  children,
  onRetry,
}: {
  title: string;
  children?: ReactNode;
  onRetry?: () => void;
}) {
  return (
    <div className="sniff-ui-panel" role="alert">
      <h2>{title}</h2>
      {children}
      {onRetry && <Button onClick={onRetry}>Try again</Button>}
    </div>
  );
}
