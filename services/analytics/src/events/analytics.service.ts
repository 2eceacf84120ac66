import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  storesEndpoints,
  type ClicksResponse,
  type CountRow,
  type DailyRow,
  type TimeseriesRow,
} from '@sniff/contracts';
import { callEndpoint, Owner, OwnerPlans } from '@sniff/service-kit';
import { ANALYTICS_CONFIG, AnalyticsConfig } from '../config';

export interface AnalyticsQuery {
  url: string;
  days: number;
}

const TIMESERIES_CAP = 500;
const TOP = 10;

/** The read side: each panel of the analytics page, only ever over the caller's own stores. */
@Injectable()
export class AnalyticsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(ANALYTICS_CONFIG) private readonly config: AnalyticsConfig,
    private readonly plans: OwnerPlans,
  ) {}

  /** Search intents in the window, newest first. */
  async timeseries(owner: Owner, q: AnalyticsQuery): Promise<{ rows: TimeseriesRow[] }> {
    const stores = await this.storesOf(owner, q.url);
    const rows: { query: string; at: Date }[] = await this.db.query(
      `SELECT query, at FROM analytics.search_events
        WHERE store_id = ANY($1) AND type = 'search' AND at >= now() - make_interval(days => $2)
        ORDER BY at DESC, id DESC LIMIT $3`,
      [stores, q.days, TIMESERIES_CAP],
    );
    return { rows: rows.map((r) => ({ query: r.query, timestamp: new Date(r.at).toISOString() })) };
  }

  /** Searches and zero-result searches per day (UTC) of the window, oldest first, empty days as 0. */
  async daily(owner: Owner, q: AnalyticsQuery): Promise<{ rows: DailyRow[] }> {
    const stores = await this.storesOf(owner, q.url);
    const rows: { day: string; searches: number; zero: number }[] = await this.db.query(
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
              count(e.id)::int AS searches,
              count(e.id) FILTER (WHERE e.result_count = 0)::int AS zero
         FROM generate_series((now() AT TIME ZONE 'UTC')::date - ($2::int - 1), (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d(day)
         LEFT JOIN analytics.search_events e
           ON e.store_id = ANY($1) AND e.type = 'search'
          AND e.at >= d.day AT TIME ZONE 'UTC' AND e.at < (d.day + interval '1 day') AT TIME ZONE 'UTC'
        GROUP BY d.day ORDER BY d.day`,
      [stores, q.days],
    );
    return { rows: rows.map((r) => ({ day: r.day, searches: r.searches, zeroResults: r.zero })) };
  }

  /** Click-through: searches, clicks and the ten most clicked results of the window. */
  async clicks(owner: Owner, q: AnalyticsQuery): Promise<ClicksResponse> {
    const stores = await this.storesOf(owner, q.url);
    const [totals]: { searches: number; clicks: number }[] = await this.db.query(
      `SELECT count(*) FILTER (WHERE type = 'search')::int AS searches,
              count(*) FILTER (WHERE type = 'click')::int AS clicks
         FROM analytics.search_events
        WHERE store_id = ANY($1) AND at >= now() - make_interval(days => $2)`,
      [stores, q.days],
    );
    const rows: { url: string; count: number }[] = await this.db.query(
      `SELECT url, count(*)::int AS count FROM analytics.search_events
        WHERE store_id = ANY($1) AND type = 'click' AND url IS NOT NULL AND at >= now() - make_interval(days => $2)
        GROUP BY url ORDER BY count(*) DESC, url LIMIT $3`,
      [stores, q.days, TOP],
    );
    return { searches: totals?.searches ?? 0, clicks: totals?.clicks ?? 0, rows };
  }

  /** Most searched queries (grouped by normalized form). */
  top10(owner: Owner, q: AnalyticsQuery): Promise<{ rows: CountRow[] }> {
    return this.counts(owner, q, false);
  }

  /** Queries that found nothing, most frequent first. */
  zeroes(owner: Owner, q: AnalyticsQuery): Promise<{ rows: CountRow[] }> {
    return this.counts(owner, q, true);
  }

  private async counts(owner: Owner, q: AnalyticsQuery, zeroOnly: boolean): Promise<{ rows: CountRow[] }> {
    const stores = await this.storesOf(owner, q.url);
    const rows: CountRow[] = await this.db.query(
      `SELECT normalized_query AS query, count(*)::int AS count FROM analytics.search_events
        WHERE store_id = ANY($1) AND type = 'search' AND at >= now() - make_interval(days => $2)
          ${zeroOnly ? 'AND result_count = 0' : ''}
        GROUP BY normalized_query
        ORDER BY count(*) DESC, max(at) DESC, normalized_query
        LIMIT $3`,
      [stores, q.days, TOP],
    );
    return { rows };
  }

  /**
   * Ids of the caller's stores for that URL (stores owns the registry). A URL that is not theirs is
   * 404, the same whether it is another owner's or no one's, so the answer tells nothing about others.
   */
  private async storesOf(owner: Owner, url: string): Promise<string[]> {
    await this.assertEntitled(owner);
    let stores: { id: string; url: string }[] = [];
    try {
      stores = await callEndpoint(
        storesEndpoints.findStores,
        { query: { owner: owner.sub, url } },
        { urls: this.config },
      );
    } catch (err) {
      if (!(err instanceof NotFoundException)) throw err;
    }
    const ids = stores.map((s) => s.id);
    if (!ids.length) {
      throw new NotFoundException({
        statusCode: 404,
        error: 'Not Found',
        message: 'You have no store with this url',
        field: 'url',
      });
    }
    return ids;
  }

  /** Analytics is a paid feature: billing owns the plans, this service enforces the gate. */
  private async assertEntitled(owner: Owner): Promise<void> {
    if (!(await this.plans.of(owner.sub)).ent.analytics) {
      throw new ForbiddenException('This feature is for upgraded plans. Please upgrade to use analytics and insights.');
    }
  }
}
