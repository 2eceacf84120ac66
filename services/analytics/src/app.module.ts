import { DynamicModule, Module } from '@nestjs/common';
import { BaseServiceConfig, HealthModule, serviceDatabase } from '@sniff/service-kit';
import { AnalyticsConfig, analyticsConfigSchema } from './config';
import { EventsModule } from './events/events.module';
import { SearchEventEntity } from './events/search-event.entity';
import { AnalyticsInit1760000000000 } from './migrations/1760000000000-AnalyticsInit';

/** The analytics service: search events from the queue into schema `analytics`, and the dashboard panels. */
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
          migrations: [AnalyticsInit1760000000000],
        }),
        HealthModule,
        EventsModule.forRoot(config),
      ],
    };
  }
}
