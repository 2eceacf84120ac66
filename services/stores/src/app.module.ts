import { DynamicModule, Module } from '@nestjs/common';
import { HealthModule, Queue, queueProviders, serviceDatabase } from '@sniff/service-kit';
import { STORES_CONFIG, StoresConfig } from './config';
import { DiscoveryModule } from './discovery/discovery.module';
import { FetchingModule } from './fetching/fetching.module';
import { migrations } from './migrations';
import { SearchSettingsEntity } from './search-settings/search-settings.entity';
import { StoreEntity } from './stores/store.entity';
import { StoresModule } from './stores/stores.module';

/** Settings and the job queue, shared by every feature module. */
@Module({})
class CoreModule {
  static forRoot(config: StoresConfig): DynamicModule {
    return {
      module: CoreModule,
      global: true,
      providers: [{ provide: STORES_CONFIG, useValue: config }, ...queueProviders(config)],
      exports: [STORES_CONFIG, Queue],
    };
  }
}

@Module({})
export class AppModule {
  static forRoot(config: StoresConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        serviceDatabase(config, { schema: 'stores', entities: [StoreEntity, SearchSettingsEntity], migrations }),
        CoreModule.forRoot(config),
        FetchingModule.forRoot(config),
        HealthModule,
        DiscoveryModule,
        StoresModule,
      ],
    };
  }
}
