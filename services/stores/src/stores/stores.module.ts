import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SearchSettingsModule } from '../search-settings/search-settings.module';
import { SyncModule } from '../sync/sync.module';
import { StoreEntity } from './store.entity';
import { InternalStoresController, ManageStoresController, SaasController } from './stores.controller';
import { StoresService } from './stores.service';

@Module({
  imports: [TypeOrmModule.forFeature([StoreEntity]), SyncModule, SearchSettingsModule],
  controllers: [ManageStoresController, SaasController, InternalStoresController],
  providers: [StoresService],
  exports: [StoresService],
})
export class StoresModule {}
