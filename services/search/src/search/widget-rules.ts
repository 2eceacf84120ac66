import { Inject, Injectable, Logger } from '@nestjs/common';
import { FREE_WIDGET_RULES, type WidgetRules as Rules, widgetRulesSchema } from '@sniff/contracts';
import { callInternal } from '@sniff/service-kit';
import { SEARCH_CONFIG, SearchConfig } from '../config';

/** After a failed fetch, ask again this soon at the latest. */
const RETRY_MS = 30_000;
const FETCH_TIMEOUT_MS = 2_000;
const MAX_STORES = 50_000;

interface Entry {
  rules: Rules;
  expires: number;
}

/**
 * Each store's widget rules (what its owner's plan lets the widget show), from the stores service,
 * which knows the owner and asks billing. Kept for SEARCH_WIDGET_RULES_TTL_MS, so a plan change
 * reaches the widgets within that time. Asked only when a widget mounts (the blank query), never
 * on a keystroke. When the stores service cannot say, the free plan's rules hold: a widget may
 * look plainer for a while, but a free store never shows a paid look.
 */
@Injectable()
export class WidgetRules {
  private readonly logger = new Logger('WidgetRules');
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<Rules>>();

  constructor(@Inject(SEARCH_CONFIG) private readonly config: SearchConfig) {}

  async get(storeId: string): Promise<Rules> {
    const entry = this.entries.get(storeId);
    if (entry && entry.expires > Date.now()) return entry.rules;
    let p = this.pending.get(storeId);
    if (!p) {
      p = this.fetch(storeId).finally(() => this.pending.delete(storeId));
      this.pending.set(storeId, p);
    }
    return p;
  }

  /** A deleted store's rules are not kept. */
  forget(storeId: string): void {
    this.entries.delete(storeId);
  }

  private async fetch(storeId: string): Promise<Rules> {
    const url = this.config.STORES_URL;
    if (!url) return FREE_WIDGET_RULES;
    let rules = FREE_WIDGET_RULES;
    let ttl = this.config.SEARCH_WIDGET_RULES_TTL_MS;
    try {
      const body = await callInternal<unknown>(
        'stores',
        url,
        `/internal/stores/${encodeURIComponent(storeId)}/widget-rules`,
        { timeoutMs: FETCH_TIMEOUT_MS },
      );
      rules = widgetRulesSchema.parse(body);
    } catch (error) {
      ttl = Math.min(ttl, RETRY_MS);
      this.logger.warn(
        `widget rules of store ${storeId} unavailable, the free plan's apply for now: ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
    }
    if (this.entries.size >= MAX_STORES) this.entries.clear();
    this.entries.set(storeId, { rules, expires: Date.now() + ttl });
    return rules;
  }
}
