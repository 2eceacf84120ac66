import { DynamicModule, Module } from '@nestjs/common';
import { BaseServiceConfig, HealthModule, serviceDatabase } from '@sniff/service-kit';
import { AnalyticsConfig, analyticsConfigSchema } from './config';
import { EventsModule } from './events/events.module';
import { SearchEventEntity } from './events/search-event.entity';
import { AnalyticsInit1760000000000 } from './migrations/1760000000000-AnalyticsInit';
import { EventVisitors1764000000000 } from './migrations/1764000000000-EventVisitors';
import { DeletedStores1766200000000 } from './migrations/1766200000000-DeletedStores';
import { PopularModule } from './popular/popular.module';
import { StoreDataModule } from './store-data/store-data.module';

/**
 * The analytics service: search events from the queue into schema `analytics`, the dashboard panels,
 * the internal popular-queries route that search suggestions draw on, and a store's events for the
 * account export and deletion.
 */
@Module({})
export class AnalyticsAppModule {
  static forRoot(settings: BaseServiceConfig & Partial<AnalyticsConfig>): DynamicModule {
    const config: AnalyticsConfig = analyticsConfigSchema.parse(settings);
    return {
      module: AnalyticsAppModule,
      imports: [
        serviceDatabase(config, {
          schema: 'analytics',
          entities: [SearchEventEntity],
          migrations: [AnalyticsInit1760000000000, EventVisitors1764000000000, DeletedStores1766200000000],
        }),
        HealthModule,
        EventsModule.forRoot(config),
        PopularModule.forRoot(config),
        StoreDataModule,
      ],
    };
  }
}
