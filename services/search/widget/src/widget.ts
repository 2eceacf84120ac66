import { FREE_RULES, withinRules, type WidgetConfig } from './config';
import { listenForChoices } from './choosing';
import type { Widget, WidgetDeps } from './context';
import { settle, unsettle } from './intents';
import { onKeyDown } from './keyboard';
import { setExpanded } from './popup';
import { priceFormatter } from './price';
import { loadRules } from './rules';
import { schedule } from './searching';
import { buildView } from './view';

export type { WidgetDeps } from './context';
export { SETTLE_MS } from './intents';
export { MIN_GAP_MS, newSessionId } from './searching';
export { NOT_ALLOWED_TEXT, PINNED_TEXT, SEMANTIC_TEXT, UNAVAILABLE_TEXT } from './texts';

export interface WidgetHandle {
  root: ShadowRoot;
  input: HTMLInputElement;
  destroy(): void;
}

/**
 * Mounts the search box into `host` (inside an open shadow root), following the WAI-ARIA
 * combobox pattern with a listbox popup. The phases live in their own modules: the view, the
 * store's rules, searching as the visitor types, the results, choosing one, and search intents.
 */
export function mountWidget(host: HTMLElement, config: WidgetConfig, deps: WidgetDeps): WidgetHandle {
  // Until the store's rules are known (loadRules), the free plan's look applies and the bar stays hidden.
  const shown = withinRules(config, FREE_RULES);
  const view = buildView(host, shown);
  const { doc, root, input } = view;
  const win = doc.defaultView ?? window;
  const w: Widget = {
    ...view,
    config,
    deps,
    shown,
    apiBase: `${config.apiOrigin}/v1/stores/${encodeURIComponent(config.storeId)}`,
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
  };

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
    if (!e.composedPath().includes(host)) setExpanded(w, false);
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
  void loadRules(w);

  return {
    root,
    input,
    destroy() {
      clearTimeout(w.gapTimer);
      clearTimeout(w.settleTimer);
      w.inflight?.abort();
      doc.removeEventListener('click', onDocClick);
      win.removeEventListener('pagehide', onLeave);
      doc.removeEventListener('visibilitychange', onVisibility);
      root.replaceChildren();
    },
  };
}
