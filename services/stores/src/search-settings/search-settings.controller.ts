import { Controller, Param } from '@nestjs/common';
import { CurrentOwner, Endpoint, Owner, ValidBody } from '@sniff/service-kit';
import { SearchSettings, storesEndpoints } from '@sniff/contracts';
import { SearchSettingsService } from './search-settings.service';

const { searchSettings, saveSearchSettings, suggestions } = storesEndpoints;

/** /api/stores/stores/:id/search-settings: the owner's synonyms, stop words and hidden suggestions of one store. */
@Controller()
export class SearchSettingsController {
  constructor(private readonly settings: SearchSettingsService) {}

  @Endpoint(searchSettings)
  get(@CurrentOwner() owner: Owner, @Param('id') storeId: string): Promise<SearchSettings> {
    return this.settings.get(owner.sub, storeId);
  }

  @Endpoint(saveSearchSettings)
  save(
    @CurrentOwner() owner: Owner,
    @Param('id') storeId: string,
    @ValidBody(saveSearchSettings.body) body: SearchSettings,
  ): Promise<SearchSettings> {
    return this.settings.save(owner.sub, storeId, body);
  }

  /** GET /api/stores/stores/:id/suggestions: what visitors are suggested, for the owner to hide. */
  @Endpoint(suggestions)
  suggestions(@CurrentOwner() owner: Owner, @Param('id') storeId: string) {
    return this.settings.suggestions(owner.sub, storeId);
  }
}
