import { DynamicModule, Module } from '@nestjs/common';
import { acceptsUploads, HealthModule, OwnerPlans, Queue, queueProviders, serviceDatabase } from '@sniff/service-kit';
import { AccountModule } from './account/account.module';
import { STORES_CONFIG, StoresConfig } from './config';
import { DiscoveryModule } from './discovery/discovery.module';
import { FetchingModule } from './fetching/fetching.module';
import { SafeFetcher } from './fetching/safe-fetch';
import { migrations } from './migrations';
import { SearchSettingsEntity } from './search-settings/search-settings.entity';
import { SecretBox } from './secrets/secret-box';
import { ShopifyModule } from './shopify/shopify.module';
import { ShopifyApp } from './shopify/shopify-app';
import { SquarespaceApi } from './squarespace/squarespace-api';
import { SquarespaceModule } from './squarespace/squarespace.module';
import { StoreEntity } from './stores/store.entity';
import { StoresModule } from './stores/stores.module';
import { SourceItemEntity } from './sync/source-item.entity';
import { WidgetSettingsEntity } from './widget-settings/widget-settings.entity';
import { WidgetSettingsModule } from './widget-settings/widget-settings.module';

/** Settings, the job queue, sealed credentials, owners' plans and the platforms' clients, shared by every feature. */
@Module({})
class CoreModule {
  static forRoot(config: StoresConfig): DynamicModule {
    return {
      module: CoreModule,
      global: true,
      providers: [
        { provide: STORES_CONFIG, useValue: config },
        ...queueProviders(config),
        { provide: SecretBox, useValue: new SecretBox(config.SECRETS_KEY) },
        { provide: OwnerPlans, useValue: new OwnerPlans(config) },
        {
          provide: SquarespaceApi,
          inject: [SafeFetcher],
          useFactory: (fetcher: SafeFetcher) => new SquarespaceApi(fetcher, config.SQUARESPACE_API_URL),
        },
        {
          provide: ShopifyApp,
          inject: [SafeFetcher],
          useFactory: (fetcher: SafeFetcher) => new ShopifyApp(config, fetcher),
        },
      ],
      exports: [STORES_CONFIG, Queue, SecretBox, OwnerPlans, SquarespaceApi, ShopifyApp],
    };
  }
}

@Module({})
export class AppModule {
  static forRoot(config: StoresConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        serviceDatabase(config, {
          schema: 'stores',
          entities: [StoreEntity, SearchSettingsEntity, SourceItemEntity, WidgetSettingsEntity],
          migrations,
        }),
        FetchingModule.forRoot(config),
        CoreModule.forRoot(config),
        HealthModule,
        DiscoveryModule,
        StoresModule,
        SquarespaceModule,
        ShopifyModule,
        WidgetSettingsModule,
        AccountModule,
      ],
      // The Shopify catalogue upload (multipart).
      providers: [acceptsUploads()],
    };
  }
}
