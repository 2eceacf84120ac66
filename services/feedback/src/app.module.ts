import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BaseServiceConfig, HealthModule, queueProviders, serviceDatabase } from '@sniff/service-kit';
import { FEEDBACK_CONFIG, FeedbackConfig, feedbackConfigSchema } from './config';
import { FeedbackController, InternalFeedbackController, InternalNoticesController } from './feedback.controller';
import { FeedbackEntity } from './feedback.entity';
import { FeedbackService } from './feedback.service';
import { Mailer } from './mailer';
import { FeedbackInit1766200000000 } from './migrations/1766200000000-FeedbackInit';
import { Notices1766300000000 } from './migrations/1766300000000-Notices';
import { NoticeUnsubscribe1766400000000 } from './migrations/1766400000000-NoticeUnsubscribe';
import { NoticesService } from './notices.service';

/** The feedback service: owners' messages to the team and Sniff's notices to owners, stored, then mailed over SMTP. */
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
          migrations: [FeedbackInit1766200000000, Notices1766300000000, NoticeUnsubscribe1766400000000],
        }),
        TypeOrmModule.forFeature([FeedbackEntity]),
        HealthModule,
      ],
      controllers: [FeedbackController, InternalFeedbackController, InternalNoticesController],
      providers: [
        { provide: FEEDBACK_CONFIG, useValue: config },
        ...queueProviders(config),
        Mailer,
        FeedbackService,
        NoticesService,
      ],
    };
  }
}
