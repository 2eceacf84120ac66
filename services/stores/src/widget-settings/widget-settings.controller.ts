import { Controller, Get, Param, Put, UseGuards } from '@nestjs/common';
import { CurrentOwner, Owner, OwnerGuard, ValidBody } from '@sniff/service-kit';
import { type WidgetSettings, type WidgetSettingsResponse, widgetSettingsSchema } from '@sniff/contracts';
import { WidgetSettingsService } from './widget-settings.service';

/** /api/stores/stores/:id/widget-settings: the look of one store's widget. */
@Controller('stores/:id')
@UseGuards(OwnerGuard)
export class WidgetSettingsController {
  constructor(private readonly settings: WidgetSettingsService) {}

  @Get('widget-settings')
  get(@CurrentOwner() owner: Owner, @Param('id') storeId: string): Promise<WidgetSettingsResponse> {
    return this.settings.get(owner.sub, storeId);
  }

  @Put('widget-settings')
  save(
    @CurrentOwner() owner: Owner,
    @Param('id') storeId: string,
    @ValidBody(widgetSettingsSchema) body: WidgetSettings,
  ): Promise<WidgetSettingsResponse> {
    return this.settings.save(owner.sub, storeId, body);
  }
}
