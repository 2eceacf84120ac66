import 'reflect-metadata';
import { runService } from '@sniff/service-kit';
import { AppModule } from './app.module';
import { billingConfigSchema } from './config';

void runService('billing', billingConfigSchema, (config) => AppModule.forRoot(config));
