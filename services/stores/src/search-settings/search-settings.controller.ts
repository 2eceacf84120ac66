import { Controller, Param } from '@nestjs/common';
import {
  BodyLimit,
  type BodyOf,
  CurrentOwner,
  Endpoint,
  MB,
  Owner,
  type QueryOf,
  ValidBody,
  ValidQuery,
} from '@sniff/service-kit';
import { SearchSettings, storesEndpoints } from '@sniff/contracts';
import { SearchSettingsService } from './search-settings.service';

const { searchSettings, saveSearchSettings, suggestions, pinCandidates, pinnedPages } = storesEndpoints;

/** /api/stores/stores/:id/search-settings: the owner's synonyms, stop words and hidden suggestions of one store. */
@Controller()
export class SearchSettingsController {
  constructor(private readonly settings: SearchSettingsService) {}

  @Endpoint(searchSettings)
  get(@CurrentOwner() owner: Owner, @Param('id') storeId: string): Promise<SearchSettings> {
    return this.settings.get(owner.sub, storeId);
  }

  @Endpoint(saveSearchSettings)
  @BodyLimit(2 * MB) // up to 200 synonym rules and 100 pinned answers
  save(
    @CurrentOwner() owner: Owner,
    @Param('id') storeId: string,
    @ValidBody(saveSearchSettings.body) body: SearchSettings,
  ): Promise<SearchSettings> {
    return this.settings.save(owner.sub, storeId, body);
  }

  /** GET /api/stores/stores/:id/pin-candidates?q=: the store's pages matching `q`, for the owner to pin. */
  @Endpoint(pinCandidates)
  pinCandidates(
    @CurrentOwner() owner: Owner,
    @Param('id') storeId: string,
    @ValidQuery(pinCandidates.query) query: QueryOf<typeof pinCandidates>,
  ) {
    return this.settings.pinCandidates(owner.sub, storeId, query.q);
  }

  /** POST /api/stores/stores/:id/pinned-pages: which pinned pages the store still has. */
  @Endpoint(pinnedPages)
  pinnedPages(
    @CurrentOwner() owner: Owner,
    @Param('id') storeId: string,
    @ValidBody(pinnedPages.body) body: BodyOf<typeof pinnedPages>,
  ) {
    return this.settings.pinnedPages(owner.sub, storeId, body.urls);
  }

  /** GET /api/stores/stores/:id/suggestions: what visitors are suggested, for the owner to hide. */
  @Endpoint(suggestions)
  suggestions(@CurrentOwner() owner: Owner, @Param('id') storeId: string) {
    return this.settings.suggestions(owner.sub, storeId);
  }
}
