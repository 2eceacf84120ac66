import { Controller, Get, Param, Put, UseGuards } from '@nestjs/common';
import { CurrentOwner, Owner, OwnerGuard, ValidBody } from '@sniff/service-kit';
import { SearchSettings, searchSettingsSchema } from '@sniff/contracts';
import { SearchSettingsService } from './search-settings.service';

/** /api/stores/stores/:id/search-settings: the owner's synonyms, stop words and hidden suggestions of one store. */
@Controller('stores/:id')
@UseGuards(OwnerGuard)
export class SearchSettingsController {
  constructor(private readonly settings: SearchSettingsService) {}

  @Get('search-settings')
  get(@CurrentOwner() owner: Owner, @Param('id') storeId: string): Promise<SearchSettings> {
    return this.settings.get(owner.sub, storeId);
  }

  @Put('search-settings')
  save(
    @CurrentOwner() owner: Owner,
    @Param('id') storeId: string,
    @ValidBody(searchSettingsSchema) body: SearchSettings,
  ): Promise<SearchSettings> {
    return this.settings.save(owner.sub, storeId, body);
  }

  /** GET /api/stores/stores/:id/suggestions: what visitors are suggested, for the owner to hide. */
  @Get('suggestions')
  suggestions(@CurrentOwner() owner: Owner, @Param('id') storeId: string) {
    return this.settings.suggestions(owner.sub, storeId);
  }
}
