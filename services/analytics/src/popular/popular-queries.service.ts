import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { PopularQueries } from '@sniff/contracts';

/** How far back popularity looks: long enough for a small site to gather some, short enough to follow trends. */
export const POPULAR_WINDOW_DAYS = 30;

/**
 * A store's popular queries for search suggestions: settled searches that found something, grouped
 * by their normalized form (see normalizeQuery), most frequent first. Zero-result queries are left
 * out: suggesting a query that finds nothing would lead the visitor into a dead end.
 */
@Injectable()
export class PopularQueriesService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async popular(storeId: string, limit: number): Promise<PopularQueries> {
    const queries: { query: string; count: number }[] = await this.db.query(
      `SELECT normalized_query AS query, count(*)::int AS count FROM analytics.search_events
        WHERE store_id = $1 AND type = 'search' AND result_count > 0
          AND at >= now() - make_interval(days => $2) AND normalized_query <> ''
        GROUP BY normalized_query
        ORDER BY count(*) DESC, max(at) DESC, normalized_query
        LIMIT $3`,
      [storeId, POPULAR_WINDOW_DAYS, limit],
    );
    return { queries };
  }
}
