import 'reflect-metadata';
import { runService } from '@sniff/service-kit';
import { AnalyticsAppModule } from './app.module';
import { analyticsConfigSchema } from './config';

void runService('analytics', analyticsConfigSchema, (config) => AnalyticsAppModule.forRoot(config));
