import { useEffect, useState } from 'react';

export const COPIED_MS = 2000;

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand?.('copy');
  area.remove();
  if (!ok) throw new Error('copy unsupported');
}

/** "Copy Code" that reads "Copied!" for 2 seconds. Local until @sniff/ui has CopyButton. */
export function CopyButton({ text, label = 'Copy Code' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const t = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(t);
  }, [state]);
  return (
    <>
      <button
        type="button"
        className="sniff-button sniff-button--secondary"
        onClick={() => {
          copyText(text).then(
            () => setState('copied'),
            () => setState('failed'),
          );
        }}
      >
        {state === 'copied' ? 'Copied!' : label}
      </button>
      {state === 'failed' && (
        <span role="alert" className="sniff-error">
          Copying failed: select the code and copy it by hand.
        </span>
      )}
    </>
  );
}
