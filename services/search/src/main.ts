import 'reflect-metadata';
import { runService } from '@sniff/service-kit';
import { SearchAppModule } from './app.module';
import { searchConfigSchema } from './config';

void runService('search', searchConfigSchema, (config) => SearchAppModule.forRoot(config));
