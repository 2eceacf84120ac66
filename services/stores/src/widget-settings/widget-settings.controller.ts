import { Controller, Param } from '@nestjs/common';
import { CurrentOwner, Endpoint, Owner, ValidBody } from '@sniff/service-kit';
import { storesEndpoints, type WidgetSettings, type WidgetSettingsResponse } from '@sniff/contracts';
import { WidgetSettingsService } from './widget-settings.service';

const { widgetSettings, saveWidgetSettings } = storesEndpoints;

/** /api/stores/stores/:id/widget-settings: the look of one store's widget. */
@Controller()
export class WidgetSettingsController {
  constructor(private readonly settings: WidgetSettingsService) {}

  @Endpoint(widgetSettings)
  get(@CurrentOwner() owner: Owner, @Param('id') storeId: string): Promise<WidgetSettingsResponse> {
    return this.settings.get(owner.sub, storeId);
  }

  @Endpoint(saveWidgetSettings)
  save(
    @CurrentOwner() owner: Owner,
    @Param('id') storeId: string,
    @ValidBody(saveWidgetSettings.body) body: WidgetSettings,
  ): Promise<WidgetSettingsResponse> {
    return this.settings.save(owner.sub, storeId, body);
  }
}
