import { listenForChoices } from './choosing';
import type { Bar, Widget } from './context';
import { settle, unsettle } from './intents';
import { onKeyDown } from './keyboard';
import { setExpanded } from './popup';
import { priceFormatter } from './price';
import { schedule } from './searching';

/**
 * The second script's part: searching as the visitor types, the results popup, choosing one and search
 * intents, attached to a mounted bar. Text typed before it arrived is searched at once. Returns `destroy`.
 */
export function attach(bar: Bar): () => void {
  const { doc, input } = bar;
  const win = doc.defaultView ?? window;
  // The same record, so rules that arrive later (rules.ts) are seen by the search.
  const w: Widget = Object.assign(bar, {
    formatPrice: priceFormatter(doc.documentElement.lang),
    hits: [],
    answer: null,
    options: [],
    active: -1,
    shownQuery: '',
    answered: null,
    inflight: null,
    queued: false,
    lastSentAt: -Infinity,
    settleWhenAnswered: false,
    lastSettled: '',
    session: null,
  });

  const onInput = () => {
    unsettle(w);
    schedule(w);
  };
  const onFocus = () => {
    if (w.options.length || w.status.textContent) setExpanded(w, true);
  };
  const onBlur = () => {
    settle(w);
    setExpanded(w, false);
  };
  // Clicks elsewhere on the page close the popup; composedPath sees across the shadow boundary.
  const onDocClick = (e: Event) => {
    if (!e.composedPath().includes(w.root.host)) setExpanded(w, false);
  };
  const onLeave = () => settle(w, true);
  const onVisibility = () => {
    if (doc.visibilityState === 'hidden') settle(w, true);
  };

  input.addEventListener('input', onInput);
  input.addEventListener('keydown', (e) => onKeyDown(w, e));
  input.addEventListener('focus', onFocus);
  input.addEventListener('blur', onBlur);
  listenForChoices(w);
  doc.addEventListener('click', onDocClick);
  win.addEventListener('pagehide', onLeave);
  doc.addEventListener('visibilitychange', onVisibility);
  if (input.value.trim()) schedule(w);

  return () => {
    clearTimeout(w.gapTimer);
    clearTimeout(w.settleTimer);
    w.inflight?.abort();
    doc.removeEventListener('click', onDocClick);
    win.removeEventListener('pagehide', onLeave);
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}
