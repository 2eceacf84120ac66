import { DynamicModule, Module } from '@nestjs/common';
import { ANALYTICS_CONFIG, AnalyticsConfig } from '../config';
import { UnsubscribeController, ZeroResultAlertsController } from './zero-result-alerts.controller';
import { ZeroResultAlertsService } from './zero-result-alerts.service';

/** Weekly zero-result e-mail alerts: the owner's switch, the weekly job, the unsubscribe link. */
@Module({})
export class ZeroResultAlertsModule {
  /** `events`: the events module the app imports, whose job queue (one pg-boss per process) this shares. */
  static forRoot(config: AnalyticsConfig, events: DynamicModule): DynamicModule {
    return {
      module: ZeroResultAlertsModule,
      imports: [events],
      controllers: [ZeroResultAlertsController, UnsubscribeController],
      providers: [ZeroResultAlertsService, { provide: ANALYTICS_CONFIG, useValue: config }],
      exports: [ZeroResultAlertsService],
    };
  }
}
