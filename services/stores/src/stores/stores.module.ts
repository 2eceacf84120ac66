import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IngestionService } from '../ingestion/ingestion.service';
import { SearchSettingsModule } from '../search-settings/search-settings.module';
import { StoreEntity } from './store.entity';
import {
  InternalStoresController,
  ManageStoresController,
  SaasController,
  ShopifyController,
} from './stores.controller';
import { StoresService } from './stores.service';

@Module({
  imports: [TypeOrmModule.forFeature([StoreEntity]), SearchSettingsModule],
  controllers: [ManageStoresController, SaasController, ShopifyController, InternalStoresController],
  providers: [StoresService, IngestionService],
})
export class StoresModule {}
