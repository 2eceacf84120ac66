import { Controller, Param } from '@nestjs/common';
import { analyticsEndpoints } from '@sniff/contracts';
import { Endpoint, type QueryOf, ValidQuery } from '@sniff/service-kit';
import { PopularQueriesService } from './popular-queries.service';

const { popularQueries } = analyticsEndpoints;

/** Called by the search service, which merges a store's popular queries into its suggestions. */
@Controller()
export class PopularQueriesController {
  constructor(private readonly popular: PopularQueriesService) {}

  /** GET /internal/stores/:storeId/popular-queries?limit=N (1..500, default 200) */
  @Endpoint(popularQueries)
  list(@Param('storeId') storeId: string, @ValidQuery(popularQueries.query) query: QueryOf<typeof popularQueries>) {
    return this.popular.popular(storeId, query.limit);
  }
}
