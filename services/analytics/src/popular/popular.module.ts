import { DynamicModule, Module } from '@nestjs/common';
import { ANALYTICS_CONFIG, AnalyticsConfig } from '../config';
import { PopularQueriesController } from './popular-queries.controller';
import { PopularQueriesService } from './popular-queries.service';

/** Internal read side for other services: a store's popular queries. */
@Module({})
export class PopularModule {
  static forRoot(config: AnalyticsConfig): DynamicModule {
    return {
      module: PopularModule,
      controllers: [PopularQueriesController],
      providers: [PopularQueriesService, { provide: ANALYTICS_CONFIG, useValue: config }],
    };
  }
}
