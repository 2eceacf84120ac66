import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BaseServiceConfig, HealthModule, queueProviders, serviceDatabase } from '@sniff/service-kit';
import { FEEDBACK_CONFIG, FeedbackConfig, feedbackConfigSchema } from './config';
import { FeedbackController, InternalFeedbackController } from './feedback.controller';
import { FeedbackEntity } from './feedback.entity';
import { FeedbackService } from './feedback.service';
import { FeedbackInit1766200000000 } from './migrations/1766200000000-FeedbackInit';

/** The feedback service: owners' messages to the team, stored, then mailed over SMTP. */
@Module({})
export class FeedbackAppModule {
  static forRoot(settings: BaseServiceConfig & Partial<FeedbackConfig>): DynamicModule {
    const config: FeedbackConfig = feedbackConfigSchema.parse(settings);
    return {
      module: FeedbackAppModule,
      imports: [
        serviceDatabase(config, {
          schema: 'feedback',
          entities: [FeedbackEntity],
          migrations: [FeedbackInit1766200000000],
        }),
        TypeOrmModule.forFeature([FeedbackEntity]),
        HealthModule,
      ],
      controllers: [FeedbackController, InternalFeedbackController],
      providers: [{ provide: FEEDBACK_CONFIG, useValue: config }, ...queueProviders(config), FeedbackService],
    };
  }
}
