import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { PopularQueries } from '@sniff/contracts';
import { ANALYTICS_CONFIG, AnalyticsConfig } from '../config';

/** How far back popularity looks: long enough for a small site to gather some, short enough to follow trends. */
export const POPULAR_WINDOW_DAYS = 30;

/**
 * A store's popular queries for search suggestions, which every visitor of the store sees: settled
 * searches that found something, grouped by their normalized form, that at least
 * SUGGESTION_MIN_VISITORS distinct visitors searched with SUGGESTION_MIN_HOURS or more between the
 * first and the last, most visitors first. One visitor's own query (a name, an order number) stays
 * theirs, and a burst of planted events is not popularity. Zero-result queries are left out:
 * suggesting one would lead the visitor into a dead end. Events recorded before visitors were
 * (no visitor) never count.
 */
@Injectable()
export class PopularQueriesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(ANALYTICS_CONFIG) private readonly config: AnalyticsConfig,
  ) {}

  async popular(storeId: string, limit: number): Promise<PopularQueries> {
    const queries: { query: string; count: number }[] = await this.db.query(
      `SELECT normalized_query AS query, count(DISTINCT visitor)::int AS count FROM analytics.search_events
        WHERE store_id = $1 AND type = 'search' AND result_count > 0 AND visitor IS NOT NULL
          AND at >= now() - make_interval(days => $2) AND normalized_query <> ''
        GROUP BY normalized_query
        HAVING count(DISTINCT visitor) >= $4 AND max(at) - min(at) >= make_interval(secs => $5)
        ORDER BY count(DISTINCT visitor) DESC, max(at) DESC, normalized_query
        LIMIT $3`,
      [
        storeId,
        POPULAR_WINDOW_DAYS,
        limit,
        this.config.SUGGESTION_MIN_VISITORS,
        this.config.SUGGESTION_MIN_HOURS * 3600,
      ],
    );
    return { queries };
  }
}
