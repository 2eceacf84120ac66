import 'reflect-metadata';
import { runService } from '@sniff/service-kit';
import { FeedbackAppModule } from './app.module';
import { feedbackConfigSchema } from './config';

void runService('feedback', feedbackConfigSchema, (config) => FeedbackAppModule.forRoot(config));
