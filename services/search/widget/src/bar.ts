import { FREE_RULES, withinRules, type WidgetConfig } from './config';
import type { Bar, WidgetDeps } from './context';
import { loadRules } from './rules';
import { buildView } from './view';

/**
 * The first script's part: the search bar in `host`, shown in the store's look once its rules are
 * known. Searching is attached to it by the second script (attach.ts).
 */
export function mountBar(host: HTMLElement, config: WidgetConfig, deps: WidgetDeps): Bar {
  // Until the store's rules are known (loadRules), the free plan's look applies and the bar stays hidden.
  const shown = withinRules(config, FREE_RULES);
  const bar: Bar = {
    ...buildView(host, shown),
    config,
    deps,
    shown,
    apiBase: `${config.apiOrigin}/v1/stores/${encodeURIComponent(config.storeId)}`,
    openWhenAnswered: false,
  };
  void loadRules(bar);
  return bar;
}
