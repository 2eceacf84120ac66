import { Module } from '@nestjs/common';
import { StoreDataController } from './store-data.controller';
import { StoreDataService } from './store-data.service';

/** Internal: a store's events for the account export, and their deletion. */
@Module({ controllers: [StoreDataController], providers: [StoreDataService] })
export class StoreDataModule {}
