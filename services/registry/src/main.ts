import 'reflect-metadata';
import { runService } from '@sniff/service-kit';
import { RegistryAppModule } from './app.module';
import { registryConfigSchema } from './config';

void runService('registry', registryConfigSchema, (config) => RegistryAppModule.forRoot(config));
