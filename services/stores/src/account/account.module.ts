import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SearchSettingsEntity } from '../search-settings/search-settings.entity';
import { StoreEntity } from '../stores/store.entity';
import { StoresModule } from '../stores/stores.module';
import { WidgetSettingsEntity } from '../widget-settings/widget-settings.entity';
import { InternalOwnersController } from './account.controller';
import { AccountService } from './account.service';

/** Internal: an owner's stores for the account export and deletion. */
@Module({
  imports: [TypeOrmModule.forFeature([StoreEntity, WidgetSettingsEntity, SearchSettingsEntity]), StoresModule],
  controllers: [InternalOwnersController],
  providers: [AccountService],
})
export class AccountModule {}
