import { DynamicModule, Module } from '@nestjs/common';
import { BaseServiceConfig, HealthModule, serviceDatabase } from '@sniff/service-kit';
import { AnalyticsConfig, analyticsConfigSchema } from './config';
import { EventsModule } from './events/events.module';
import { SearchEventEntity } from './events/search-event.entity';
import { AnalyticsInit1760000000000 } from './migrations/1760000000000-AnalyticsInit';
import { EventVisitors1764000000000 } from './migrations/1764000000000-EventVisitors';
import { PopularModule } from './popular/popular.module';

/**
 * The analytics service: search events from the queue into schema `analytics`, the dashboard panels
 * and the internal popular-queries route that search suggestions draw on.
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
          migrations: [AnalyticsInit1760000000000, EventVisitors1764000000000],
        }),
        HealthModule,
        EventsModule.forRoot(config),
        PopularModule.forRoot(config),
      ],
    };
  }
}
