import type { Bar } from './context';
import { FAILED_TEXT } from './texts';

/** The second script's tag: it calls sniffAttach with its `attach` (rest.ts); no global is involved. */
export interface RestScript extends HTMLScriptElement {
  sniffAttach?: (attach: (bar: Bar) => void) => void;
}

/**
 * Loads the second script (searching, results, popup) from `src` when the page is idle or at the
 * visitor's first focus or key, whichever comes first, and attaches it to the bar; text typed meanwhile
 * is searched when it lands. If it cannot be loaded, the popup says so while there is text in the box.
 */
export function loadRest(bar: Bar, src: string): void {
  const { doc, input, panel, status } = bar;
  const win = doc.defaultView ?? window;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const script: RestScript = doc.createElement('script');
    script.src = src;
    script.sniffAttach = (attach) => attach(bar);
    script.onload = () => script.remove();
    script.onerror = () => {
      script.remove();
      status.textContent = FAILED_TEXT;
      const show = () => {
        const open = !!input.value.trim() && bar.root.activeElement === input;
        panel.hidden = !open;
        input.setAttribute('aria-expanded', String(open));
      };
      input.addEventListener('input', show);
      input.addEventListener('focus', show);
      input.addEventListener('blur', () => setTimeout(show));
      show();
    };
    doc.head.appendChild(script);
  };
  input.addEventListener('focus', start);
  input.addEventListener('input', start);
  if (win.requestIdleCallback) win.requestIdleCallback(start);
  else setTimeout(start, 1);
}
