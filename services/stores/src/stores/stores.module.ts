import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IngestionService } from '../ingestion/ingestion.service';
import { StoreEntity } from './store.entity';
import { InternalStoresController, ManageStoresController, SaasController } from './stores.controller';
import { StoresService } from './stores.service';

@Module({
  imports: [TypeOrmModule.forFeature([StoreEntity])],
  controllers: [ManageStoresController, SaasController, InternalStoresController],
  providers: [StoresService, IngestionService],
})
export class StoresModule {}
