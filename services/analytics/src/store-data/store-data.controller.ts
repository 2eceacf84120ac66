import { Controller, Delete, Get, Param, UseGuards } from '@nestjs/common';
import { storeEventsExportQuerySchema } from '@sniff/contracts';
import { InternalGuard, ValidQuery } from '@sniff/service-kit';
import type { z } from 'zod';
import { StoreDataService } from './store-data.service';

/** The account export and deletion (billing's account job) and a single store's deletion (stores). */
@Controller('internal/stores/:storeId')
@UseGuards(InternalGuard)
export class StoreDataController {
  constructor(private readonly data: StoreDataService) {}

  /** GET /internal/stores/:storeId/events?limit=N (1..10000, default 10000), newest first. */
  @Get('events')
  events(
    @Param('storeId') storeId: string,
    @ValidQuery(storeEventsExportQuerySchema) query: z.infer<typeof storeEventsExportQuerySchema>,
  ) {
    return this.data.events(storeId, query.limit);
  }

  /** DELETE /internal/stores/:storeId -> { deleted: { events } } */
  @Delete()
  remove(@Param('storeId') storeId: string) {
    return this.data.delete(storeId);
  }
}
