import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OwnerPlans, Queue, queueProviders } from '@sniff/service-kit';
import { ANALYTICS_CONFIG, AnalyticsConfig } from '../config';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsService } from './analytics.service';
import { EventsService } from './events.service';
import { SearchEventEntity } from './search-event.entity';

@Module({})
export class EventsModule {
  static forRoot(config: AnalyticsConfig): DynamicModule {
    return {
      module: EventsModule,
      imports: [TypeOrmModule.forFeature([SearchEventEntity])],
      controllers: [AnalyticsController],
      providers: [
        AnalyticsService,
        EventsService,
        { provide: ANALYTICS_CONFIG, useValue: config },
        { provide: OwnerPlans, useValue: new OwnerPlans(config) },
        ...queueProviders(config),
      ],
      exports: [EventsService, AnalyticsService, Queue, OwnerPlans],
    };
  }
}
