import 'reflect-metadata';
import { runService } from '@sniff/service-kit';
import { AppModule } from './app.module';
import { storesConfigSchema } from './config';

void runService('stores', storesConfigSchema, (config) => AppModule.forRoot(config));
