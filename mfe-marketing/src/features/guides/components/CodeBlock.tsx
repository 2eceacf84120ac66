import { useId } from 'react';
import { CopyButton } from '@sniff/ui';

/** A labelled, scrollable code sample with a copy button ("Copied!" for two seconds). */
export function CodeBlock({ label, code }: { label: string; code: string }) {
  const id = useId();
  return (
    <figure className="guide-code">
      <figcaption id={id} className="guide-code-label">
        {label}
      </figcaption>
      {/* Focusable so keyboard users can scroll long lines. */}
      <pre tabIndex={0} aria-labelledby={id}>
        <code>{code}</code>
      </pre>
      <div className="guide-code-actions">
        <CopyButton text={code} label="Copy Code" />
      </div>
    </figure>
  );
}
