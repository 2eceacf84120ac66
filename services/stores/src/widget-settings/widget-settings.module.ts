import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StoreEntity } from '../stores/store.entity';
import { WidgetSettingsController } from './widget-settings.controller';
import { WidgetSettingsEntity } from './widget-settings.entity';
import { WidgetSettingsService } from './widget-settings.service';

@Module({
  imports: [TypeOrmModule.forFeature([WidgetSettingsEntity, StoreEntity])],
  controllers: [WidgetSettingsController],
  providers: [WidgetSettingsService],
})
export class WidgetSettingsModule {}
