import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SyncModule } from '../sync/sync.module';
import { StoreEntity } from './store.entity';
import { InternalStoresController, ManageStoresController, SaasController } from './stores.controller';
import { StoresService } from './stores.service';

@Module({
  imports: [TypeOrmModule.forFeature([StoreEntity]), SyncModule],
  controllers: [ManageStoresController, SaasController, InternalStoresController],
  providers: [StoresService],
  exports: [StoresService],
})
export class StoresModule {}
