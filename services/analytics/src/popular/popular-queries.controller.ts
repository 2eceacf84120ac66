import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { popularQueriesRequestSchema } from '@sniff/contracts';
import { InternalGuard, ValidQuery } from '@sniff/service-kit';
import type { z } from 'zod';
import { PopularQueriesService } from './popular-queries.service';

/** Called by the search service, which merges a store's popular queries into its suggestions. */
@Controller('internal/stores/:storeId')
@UseGuards(InternalGuard)
export class PopularQueriesController {
  constructor(private readonly popular: PopularQueriesService) {}

  /** GET /internal/stores/:storeId/popular-queries?limit=N (1..500, default 200) */
  @Get('popular-queries')
  list(
    @Param('storeId') storeId: string,
    @ValidQuery(popularQueriesRequestSchema) query: z.infer<typeof popularQueriesRequestSchema>,
  ) {
    return this.popular.popular(storeId, query.limit);
  }
}
