import type { WidgetConfig } from './config';
import type { WidgetDeps } from './context';
import { attach } from './attach';
import { mountBar } from './bar';

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
 * Mounts the search box into `host` (inside an open shadow root), following the WAI-ARIA combobox
 * pattern with a listbox popup: the bar (bar.ts) and searching attached at once (attach.ts). The embed
 * script does the same in two steps, the second loaded later (load-rest.ts).
 */
export function mountWidget(host: HTMLElement, config: WidgetConfig, deps: WidgetDeps): WidgetHandle {
  const bar = mountBar(host, config, deps);
  const detach = attach(bar);
  return {
    root: bar.root,
    input: bar.input,
    destroy() {
      detach();
      bar.root.replaceChildren();
    },
  };
}
