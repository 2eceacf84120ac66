import { Controller, Get, Param, Put, UseGuards } from '@nestjs/common';
import { CurrentOwner, Owner, OwnerGuard, ValidBody } from '@sniff/service-kit';
import { SearchSettings, searchSettingsSchema } from '@sniff/contracts';
import { SearchSettingsService } from './search-settings.service';

/** /api/stores/stores/:id/search-settings: the owner's synonyms and stop words of one store. */
@Controller('stores/:id/search-settings')
@UseGuards(OwnerGuard)
export class SearchSettingsController {
  constructor(private readonly settings: SearchSettingsService) {}

  @Get()
  get(@CurrentOwner() owner: Owner, @Param('id') storeId: string): Promise<SearchSettings> {
    return this.settings.get(owner.sub, storeId);
  }

  @Put()
  save(
    @CurrentOwner() owner: Owner,
    @Param('id') storeId: string,
    @ValidBody(searchSettingsSchema) body: SearchSettings,
  ): Promise<SearchSettings> {
    return this.settings.save(owner.sub, storeId, body);
  }
}
