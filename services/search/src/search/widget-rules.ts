import { Inject, Injectable, Logger } from '@nestjs/common';
import { FREE_WIDGET_RULES, storesEndpoints, type WidgetRules as Rules } from '@sniff/contracts';
import { callEndpoint } from '@sniff/service-kit';
import { SEARCH_CONFIG, SearchConfig } from '../config';
import { StoreChanges, UNHEARD_RECHECK_MS } from './store-changes';

/** After a failed fetch, ask again this soon at the latest. */
const RETRY_MS = 30_000;
const FETCH_TIMEOUT_MS = 2_000;
const MAX_STORES = 50_000;

/** What search knows of a store's owner and plan: its widget rules, owner and monthly quota. */
export interface StorePlan {
  rules: Rules;
  /** Null while the stores service cannot say: nothing is counted or blocked for the store. */
  owner: string | null;
  /** Visitor searches a month the owner's plan allows; null: no quota. */
  monthlySearches: number | null;
  /** The owner's plan has AI search: the store's searches also recall by meaning. */
  semantic: boolean;
}

interface Entry extends StorePlan {
  expires: number;
  fetchedAt: number;
}

const UNKNOWN: Omit<StorePlan, 'rules'> = { owner: null, monthlySearches: null, semantic: false };

/**
 * Each store's widget rules (what its owner's plan lets the widget show), its owner and monthly
 * search quota, from the stores service, which knows the owner and asks billing. Kept for
 * SEARCH_WIDGET_RULES_TTL_MS, so a plan change reaches the widgets and the quota within that
 * time. Asked when a widget mounts (the blank query), when a search event is counted and, in the
 * background, for the stores this worker answers; never on a keystroke. When the stores service
 * cannot say, the free plan's rules hold (a widget may look plainer for a while, but a free store
 * never shows a paid look) and the owner is unknown: nothing is counted and nothing blocked.
 */
@Injectable()
export class WidgetRules {
  private readonly logger = new Logger('WidgetRules');
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<StorePlan>>();

  constructor(
    @Inject(SEARCH_CONFIG) private readonly config: SearchConfig,
    private readonly changes: StoreChanges,
  ) {}

  /**
   * Whether the entry may answer: within its time to live and, when this worker hears no store-change notices
   * (so no widget settings saved meanwhile would reach it), no older than UNHEARD_RECHECK_MS.
   */
  private fresh(entry: Entry): boolean {
    const now = Date.now();
    return entry.expires > now && (this.changes.listening || now - entry.fetchedAt < UNHEARD_RECHECK_MS);
  }

  async get(storeId: string): Promise<Rules> {
    return (await this.plan(storeId)).rules;
  }

  /** The store's rules, owner and quota: cached, else asked of the stores service (once at a time). */
  plan(storeId: string): Promise<StorePlan> {
    const entry = this.entries.get(storeId);
    if (entry && this.fresh(entry)) return Promise.resolve(entry);
    let p = this.pending.get(storeId);
    if (!p) {
      p = this.fetch(storeId).finally(() => this.pending.delete(storeId));
      this.pending.set(storeId, p);
    }
    return p;
  }

  /**
   * The store's plan if cached, without waiting (an expired entry too: the last word holds while
   * it is asked again in the background). Undefined: never asked yet.
   */
  peek(storeId: string): StorePlan | undefined {
    const entry = this.entries.get(storeId);
    if (entry && !this.fresh(entry)) void this.plan(storeId);
    return entry;
  }

  /** Whether the store's entry is cached and not yet due to be asked again. */
  isFresh(storeId: string): boolean {
    const entry = this.entries.get(storeId);
    return !!entry && this.fresh(entry);
  }

  /** The stores whose owner is known, with their owner and quota (expired entries too: the last word holds). */
  *known(): IterableIterator<[storeId: string, plan: StorePlan]> {
    for (const [storeId, entry] of this.entries) if (entry.owner) yield [storeId, entry];
  }

  /** A deleted store's rules are not kept. */
  forget(storeId: string): void {
    this.entries.delete(storeId);
  }

  /**
   * The store's plan asked of the stores service now, without keeping it (indexing: a kept entry would outlive
   * the invalidation a later settings save sends to one worker). The free plan's when it cannot say.
   */
  async current(storeId: string): Promise<StorePlan> {
    return (await this.ask(storeId)).plan;
  }

  private async fetch(storeId: string): Promise<StorePlan> {
    if (!this.config.STORES_URL) return { rules: FREE_WIDGET_RULES, ...UNKNOWN };
    const { plan, ttl } = await this.ask(storeId);
    if (this.entries.size >= MAX_STORES) this.entries.clear();
    this.entries.set(storeId, { ...plan, expires: Date.now() + ttl, fetchedAt: Date.now() });
    return plan;
  }

  private async ask(storeId: string): Promise<{ plan: StorePlan; ttl: number }> {
    let plan: StorePlan = { rules: FREE_WIDGET_RULES, ...UNKNOWN };
    let ttl = this.config.SEARCH_WIDGET_RULES_TTL_MS;
    if (!this.config.STORES_URL) return { plan, ttl };
    try {
      const { owner, monthlySearches, semanticSearch, ...rules } = await callEndpoint(
        storesEndpoints.widgetRules,
        { path: { id: storeId } },
        { urls: this.config, timeoutMs: FETCH_TIMEOUT_MS },
      );
      plan = { rules, owner, monthlySearches, semantic: semanticSearch };
    } catch (error) {
      ttl = Math.min(ttl, RETRY_MS);
      this.logger.warn(
        `widget rules of store ${storeId} unavailable, the free plan's apply for now: ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
    }
    return { plan, ttl };
  }
}
