import type { Bar } from './context';
import { FAILED_TEXT } from './texts';

/** The second script's tag: it calls sniffAttach with its `attach` (rest.ts); no global is involved. */
export interface RestScript extends HTMLScriptElement {
  sniffAttach?: (attach: (bar: Bar) => void) => void;
}

/** After a failed load, the next try waits this long, doubling each time (a flaky network, a deploy). */
export const RETRY_MS = 2000;
const AUTO_RETRIES = 3;

/**
 * Loads the second script (searching, results, popup) from `src` when the page is idle or at the
 * visitor's first focus or key, whichever comes first, and attaches it to the bar; text typed meanwhile
 * is searched when it lands, and an Enter pressed meanwhile opens its first result. If it cannot be
 * loaded, the popup says so while there is text in the box, and it is tried again a few times, and at
 * the visitor's next key or focus once the wait is over.
 */
export function loadRest(bar: Bar, src: string): void {
  const { doc, input, panel, status } = bar;
  const win = doc.defaultView ?? window;
  let state: 'waiting' | 'loading' | 'failed' | 'attached' = 'waiting';
  let failures = 0;
  let retryAt = 0;
  const showFailure = () => {
    if (!failures || state === 'attached') return;
    const open = !!input.value.trim() && bar.root.activeElement === input;
    panel.hidden = !open;
    input.setAttribute('aria-expanded', String(open));
  };
  const start = () => {
    if (state === 'loading' || state === 'attached' || Date.now() < retryAt) return;
    state = 'loading';
    const script: RestScript = doc.createElement('script');
    script.src = src;
    script.sniffAttach = (attach) => {
      state = 'attached';
      attach(bar);
    };
    script.onload = () => script.remove();
    script.onerror = () => {
      script.remove();
      state = 'failed';
      const wait = RETRY_MS * 2 ** failures++;
      retryAt = Date.now() + wait;
      if (failures <= AUTO_RETRIES) setTimeout(start, wait);
      status.textContent = FAILED_TEXT;
      showFailure();
    };
    doc.head.appendChild(script);
  };
  input.addEventListener('focus', start);
  input.addEventListener('input', start);
  input.addEventListener('input', showFailure);
  input.addEventListener('focus', showFailure);
  input.addEventListener('blur', () => setTimeout(showFailure));
  // Before searching is attached, Enter searches when it is (the text is in the box) and opens the first result.
  input.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' || state === 'attached' || !input.value.trim()) return;
    e.preventDefault();
    bar.openWhenAnswered = true;
  });
  if (win.requestIdleCallback) win.requestIdleCallback(start);
  else setTimeout(start, 1);
}
