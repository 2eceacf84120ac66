import { ForbiddenException, Inject, Injectable, Logger, NotFoundException, Optional } from '@nestjs/common';
import type { SearchResponse, SearchUnavailable } from '@sniff/contracts';
import { Metrics } from '@sniff/service-kit';
import type { Histogram } from 'prom-client';
import { wordVectorsFile } from '../engine/semantic/word-vectors';
import { SearchEvents } from '../events/search-events.service';
import { QuotaGate } from '../usage/quota-gate';
import { UsageCounter } from '../usage/usage-counter';
import { IndexLifecycle } from './index-lifecycle.service';
import { PinnedPages, pinQueryKey } from './pins';
import { Suggestions } from './suggestions.service';
import { WidgetRules } from './widget-rules';

/** One shared value: an over-quota answer allocates nothing for it. */
const OVER_QUOTA: SearchUnavailable = Object.freeze({ reason: 'quota' as const });

/** One widget query, as the public route received it. */
export interface SearchRequest {
  storeId: string;
  q: string;
  limit: number;
  descriptionLength?: number;
  /** The widget's id of the query being typed (its keystrokes count once), if any. */
  session?: string;
  /** The visitor's address (what counting is capped by). */
  address: string;
  /** The page's origin as the browser sent it (Origin); absent from a script or a server. */
  origin?: string;
}

/** A page outside the store's allowed sites: answered 403, counting nothing. */
export const NOT_ALLOWED_MESSAGE = 'This site is not among the allowed sites of this search widget';

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
    private readonly counter: UsageCounter,
    private readonly pinned: PinnedPages,
    @Optional() @Inject(Metrics) metrics?: Metrics,
  ) {
    if (!wordVectorsFile()) {
      new Logger('QueryService').warn(
        'no word-vector table (npm run build makes it): AI search recalls nothing by meaning',
      );
    }
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
   * GET /v1/stores/:id/search. A page outside the store's allowed sites gets a 403. A blank query
   * is the widget mounting: it gets the store's widget rules. Any other answer carries its signed
   * searchId for the visitor's events and is counted for the owner (a map increment; the flush
   * counts one query's keystrokes once). A store whose owner used this month's searches and their
   * grace share answers `unavailable` and no hits, counting nothing (one Set lookup, no await).
   */
  async search(request: SearchRequest): Promise<SearchResponse> {
    const { storeId, q, limit, descriptionLength } = request;
    const started = performance.now();
    const took = () => Math.round((performance.now() - started) * 100) / 100;
    // A widget mounting (the blank query) loads the index for the visitor about to type.
    const entry = await this.indexes.entryFor(storeId);
    if (!entry) throw new NotFoundException('Store not found');
    this.checkSite(entry.sites, request.origin);
    if (!q.trim()) {
      const widget = await this.widgetRules.get(storeId);
      const blank: SearchResponse = { query: q, hits: [], suggestions: [], tookMs: took(), widget };
      if (this.quota.blocks(storeId)) blank.unavailable = OVER_QUOTA;
      return blank;
    }
    if (this.quota.blocks(storeId))
      return { query: q, hits: [], suggestions: [], tookMs: took(), unavailable: OVER_QUOTA };
    // AI search per the owner's plan as last heard (never waited for on a keystroke; the widget's mount asked).
    const semantic = this.widgetRules.peek(storeId)?.semantic ?? false;
    // The owner's pin for this query, if any (no await unless it pins pages).
    const pin = entry.pins.size ? entry.pins.get(pinQueryKey(q)) : undefined;
    const pinnedHits = pin?.urls.length
      ? await this.pinned.hits(storeId, entry.index, pin.urls, descriptionLength)
      : [];
    const result = entry.index.search(q, {
      limit: limit + pinnedHits.length,
      rules: entry.rules,
      descriptionLength,
      semantic,
    });
    if (pinnedHits.length) {
      // Pinned pages first, each once: the engine's own hit of a pinned page is dropped.
      const pinnedUrls = new Set(pinnedHits.map((h) => h.url));
      result.hits = [...pinnedHits, ...result.hits.filter((h) => !pinnedUrls.has(h.url))].slice(0, limit);
    } else if (result.hits.length > limit) result.hits = result.hits.slice(0, limit);
    // Popular queries first, then the index's completions; never waits for analytics.
    const suggestions = this.suggestions.for(storeId, q, result.suggestions, entry.hidden);
    // A pinned short answer is a result: its query is not a zero-result search for analytics.
    const found = Math.min(limit, result.hits.length + (pin?.answer ? 1 : 0));
    const searchId = this.events.searchId(storeId, q, found);
    this.counter.count(storeId, request.address, request.session);
    const tookMs = took();
    this.searchTime?.observe({ result: found ? 'hits' : 'none' }, tookMs / 1000);
    return { query: q, ...result, ...(pin?.answer ? { answer: pin.answer } : {}), suggestions, tookMs, searchId };
  }

  /**
   * A browser's page sends its Origin: one outside the store's allowed sites gets a 403 (and counts
   * nothing). A caller without one (a script, a server) is bounded by the counting caps instead.
   */
  private checkSite(sites: (origin: string) => boolean, origin: string | undefined): void {
    if (origin !== undefined && !sites(origin)) throw new ForbiddenException(NOT_ALLOWED_MESSAGE);
  }
}
