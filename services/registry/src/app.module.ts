import { DynamicModule, Module } from '@nestjs/common';
import { BaseServiceConfig, HealthModule, serviceDatabase } from '@sniff/service-kit';
import { REGISTRY_CONFIG, RegistryConfig, registryConfigSchema } from './config';
import { RegistryInit1766500000000 } from './migrations/1766500000000-RegistryInit';
import { GatewayController, OperatorController } from './registry.controller';
import { RegistryService } from './registry.service';

/** The remote registry: published remote builds, the version owners get of each, and the shell's shared versions. */
@Module({})
export class RegistryAppModule {
  static forRoot(settings: BaseServiceConfig & Partial<RegistryConfig>): DynamicModule {
    const config: RegistryConfig = registryConfigSchema.parse(settings);
    return {
      module: RegistryAppModule,
      imports: [
        serviceDatabase(config, { schema: 'registry', entities: [], migrations: [RegistryInit1766500000000] }),
        HealthModule,
      ],
      controllers: [OperatorController, GatewayController],
      providers: [{ provide: REGISTRY_CONFIG, useValue: config }, RegistryService],
    };
  }
}
