import { Controller, Param } from '@nestjs/common';
import { analyticsEndpoints } from '@sniff/contracts';
import { Endpoint, type QueryOf, ValidQuery } from '@sniff/service-kit';
import { StoreDataService } from './store-data.service';

const { storeEvents, deleteStoreEvents } = analyticsEndpoints;

/** The account export and deletion (billing's account job) and a single store's deletion (stores). */
@Controller()
export class StoreDataController {
  constructor(private readonly data: StoreDataService) {}

  /** GET /internal/stores/:storeId/events?limit=N (1..10000, default 10000), newest first. */
  @Endpoint(storeEvents)
  events(@Param('storeId') storeId: string, @ValidQuery(storeEvents.query) query: QueryOf<typeof storeEvents>) {
    return this.data.events(storeId, query.limit);
  }

  /** DELETE /internal/stores/:storeId -> { deleted: { events, zeroResultAlerts } } */
  @Endpoint(deleteStoreEvents)
  remove(@Param('storeId') storeId: string) {
    return this.data.delete(storeId);
  }
}
