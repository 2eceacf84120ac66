import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SearchSettingsModule } from '../search-settings/search-settings.module';
import { StoreEntity } from '../stores/store.entity';
import { SourceItemEntity } from './source-item.entity';
import { SourceRegistry } from './source-registry';
import { SyncService } from './sync.service';

@Module({
  imports: [TypeOrmModule.forFeature([StoreEntity, SourceItemEntity]), SearchSettingsModule],
  providers: [SyncService, SourceRegistry],
  exports: [SyncService],
})
export class SyncModule {}
