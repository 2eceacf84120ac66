import { DynamicModule, Module } from '@nestjs/common';
import { BaseServiceConfig, HealthModule, serviceDatabase } from '@sniff/service-kit';
import { AnalyticsConfig, analyticsConfigSchema } from './config';
import { EventsModule } from './events/events.module';
import { SearchEventEntity } from './events/search-event.entity';
import { AnalyticsInit1760000000000 } from './migrations/1760000000000-AnalyticsInit';
import { EventVisitors1764000000000 } from './migrations/1764000000000-EventVisitors';
import { DeletedStores1766200000000 } from './migrations/1766200000000-DeletedStores';
import { ZeroResultAlerts1766400000000 } from './migrations/1766400000000-ZeroResultAlerts';
import { ZeroResultAlertsModule } from './alerts/zero-result-alerts.module';
import { PopularModule } from './popular/popular.module';
import { StoreDataModule } from './store-data/store-data.module';

/**
 * The analytics service: search events from the queue into schema `analytics`, the dashboard panels,
 * the internal popular-queries route that search suggestions draw on, a store's events for the
 * account export and deletion, and the weekly zero-result e-mail alerts.
 */
@Module({})
export class AnalyticsAppModule {
  static forRoot(settings: BaseServiceConfig & Partial<AnalyticsConfig>): DynamicModule {
    const config: AnalyticsConfig = analyticsConfigSchema.parse(settings);
    const events = EventsModule.forRoot(config);
    return {
      module: AnalyticsAppModule,
      imports: [
        serviceDatabase(config, {
          schema: 'analytics',
          entities: [SearchEventEntity],
          migrations: [
            AnalyticsInit1760000000000,
            EventVisitors1764000000000,
            DeletedStores1766200000000,
            ZeroResultAlerts1766400000000,
          ],
        }),
        HealthModule,
        events,
        ZeroResultAlertsModule.forRoot(config, events),
        PopularModule.forRoot(config),
        StoreDataModule,
      ],
    };
  }
}
