import { Inject, Injectable, NotFoundException, Optional } from '@nestjs/common';
import type { SearchResponse, SearchUnavailable } from '@sniff/contracts';
import { Metrics } from '@sniff/service-kit';
import type { Histogram } from 'prom-client';
import { SearchEvents } from '../events/search-events.service';
import { QuotaGate } from '../usage/quota-gate';
import { IndexLifecycle } from './index-lifecycle.service';
import { Suggestions } from './suggestions.service';
import { WidgetRules } from './widget-rules';

/** One shared value: an over-quota answer allocates nothing for it. */
const OVER_QUOTA: SearchUnavailable = Object.freeze({ reason: 'quota' as const });

/** The widget's queries: hits, suggestions and the signed searchId for the visitor's events. */
@Injectable()
export class QueryService {
  /** Engine time of each answered query. */
  private readonly searchTime?: Histogram<'result'>;

  constructor(
    private readonly indexes: IndexLifecycle,
    private readonly suggestions: Suggestions,
    private readonly events: SearchEvents,
    private readonly widgetRules: WidgetRules,
    private readonly quota: QuotaGate,
    @Optional() @Inject(Metrics) metrics?: Metrics,
  ) {
    if (metrics) {
      this.searchTime = metrics.histogram(
        'search_duration_seconds',
        'Time to answer a widget query in this worker (hits or none), engine and suggestions included',
        ['result'],
        [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1],
      );
      metrics.gauge('stores_over_quota', "Stores whose owner used this month's searches", (g) =>
        g.set(this.quota.count),
      );
    }
  }

  /**
   * GET /v1/stores/:id/search. A blank query is the widget mounting: it gets the store's widget
   * rules. Any other answer carries its signed searchId for the visitor's events. A store whose
   * owner used this month's searches answers `unavailable` and no hits (one Set lookup, no await).
   */
  async search(storeId: string, q: string, limit: number, descriptionLength?: number): Promise<SearchResponse> {
    const started = performance.now();
    const took = () => Math.round((performance.now() - started) * 100) / 100;
    if (!q.trim()) {
      if (!(await this.indexes.exists(storeId))) throw new NotFoundException('Store not found');
      const widget = await this.widgetRules.get(storeId);
      const blank: SearchResponse = { query: q, hits: [], suggestions: [], tookMs: took(), widget };
      if (this.quota.blocks(storeId)) blank.unavailable = OVER_QUOTA;
      return blank;
    }
    if (this.quota.blocks(storeId))
      return { query: q, hits: [], suggestions: [], tookMs: took(), unavailable: OVER_QUOTA };
    const entry = await this.indexes.entryFor(storeId);
    if (!entry) throw new NotFoundException('Store not found');
    const result = entry.index.search(q, { limit, rules: entry.rules, descriptionLength });
    // Popular queries first, then the index's completions; never waits for analytics.
    const suggestions = this.suggestions.for(storeId, q, result.suggestions, entry.hidden);
    const searchId = this.events.searchId(storeId, q, result.hits.length);
    const tookMs = took();
    this.searchTime?.observe({ result: result.hits.length ? 'hits' : 'none' }, tookMs / 1000);
    return { query: q, ...result, suggestions, tookMs, searchId };
  }
}
