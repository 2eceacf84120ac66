import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StoreEntity } from '../stores/store.entity';
import { SearchSettingsController } from './search-settings.controller';
import { SearchSettingsEntity } from './search-settings.entity';
import { SearchSettingsService } from './search-settings.service';

@Module({
  imports: [TypeOrmModule.forFeature([SearchSettingsEntity, StoreEntity])],
  controllers: [SearchSettingsController],
  providers: [SearchSettingsService],
  exports: [SearchSettingsService],
})
export class SearchSettingsModule {}
