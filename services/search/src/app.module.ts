import { DynamicModule, Module } from '@nestjs/common';
import { HealthModule, serviceDatabase } from '@sniff/service-kit';
import { SearchConfig, withSearchDefaults } from './config';
import { SearchInit1760000000000 } from './migrations/1760000000000-SearchInit';
import { BinarySnapshots1763750000000 } from './migrations/1763750000000-BinarySnapshots';
import { StoreSettings1763760000000 } from './migrations/1763760000000-StoreSettings';
import { SearchUsage1763770000000 } from './migrations/1763770000000-SearchUsage';
import { QuotaNotices1763780000000 } from './migrations/1763780000000-QuotaNotices';
import { QuotaTally1764800000000 } from './migrations/1764800000000-QuotaTally';
import { StoreChangeNotices1764900000000 } from './migrations/1764900000000-StoreChangeNotices';
import { DocumentUrls1765000000000 } from './migrations/1765000000000-DocumentUrls';
import { DocumentEntity } from './search/document.entity';
import { IndexSnapshotEntity } from './search/index-snapshot.entity';
import { SearchModule, type SearchModuleOptions } from './search/search.module';
import { StoreSettingsEntity } from './search/store-settings.entity';

/** The search service: documents, index snapshots and usage in schema `search`, public search API, events. */
@Module({})
export class SearchAppModule {
  static forRoot(settings: Parameters<typeof withSearchDefaults>[0], options?: SearchModuleOptions): DynamicModule {
    const config: SearchConfig = withSearchDefaults(settings);
    return {
      module: SearchAppModule,
      imports: [
        serviceDatabase(config, {
          schema: 'search',
          entities: [DocumentEntity, IndexSnapshotEntity, StoreSettingsEntity],
          migrations: [
            SearchInit1760000000000,
            BinarySnapshots1763750000000,
            StoreSettings1763760000000,
            SearchUsage1763770000000,
            QuotaNotices1763780000000,
            QuotaTally1764800000000,
            StoreChangeNotices1764900000000,
            DocumentUrls1765000000000,
          ],
        }),
        HealthModule,
        SearchModule.forRoot(config, options),
      ],
    };
  }
}
