import { Controller, Param } from '@nestjs/common';
import { SearchSettings, searchEndpoints } from '@sniff/contracts';
import { type BodyOf, BodyLimit, Endpoint, MB, type QueryOf, ValidBody, ValidQuery } from '@sniff/service-kit';
import { IndexingService } from './indexing.service';
import { IndexLifecycle } from './index-lifecycle.service';
import { PinSearch } from './pin-search.service';
import { SettingsPush } from './settings-push.service';
import { StoreSettingsService } from './store-settings.service';

/** Called by the stores service after ingestion, when an owner saves search settings and when a store is deleted. */
@Controller()
export class InternalController {
  constructor(
    private readonly indexing: IndexingService,
    private readonly pushes: SettingsPush,
    private readonly settings: StoreSettingsService,
    private readonly indexes: IndexLifecycle,
    private readonly pins: PinSearch,
  ) {}

  @Endpoint(searchEndpoints.replaceDocuments)
  @BodyLimit(20 * MB) // a whole site's documents
  replace(
    @Param('id') storeId: string,
    @ValidBody(searchEndpoints.replaceDocuments.body) body: BodyOf<typeof searchEndpoints.replaceDocuments>,
  ) {
    return this.indexing.replaceDocuments(storeId, body.documents);
  }

  /** PUT /internal/stores/:id/settings?version=N with the store's synonyms and stop words. */
  @Endpoint(searchEndpoints.saveSettings)
  @BodyLimit(2 * MB) // up to 200 synonym rules and 100 pins
  saveSettings(
    @Param('id') storeId: string,
    @ValidQuery(searchEndpoints.saveSettings.query) query: QueryOf<typeof searchEndpoints.saveSettings>,
    @ValidBody(searchEndpoints.saveSettings.body) body: SearchSettings,
  ) {
    return this.pushes.save(storeId, body, query.version);
  }

  @Endpoint(searchEndpoints.settings)
  settingsOf(@Param('id') storeId: string) {
    return this.settings.find(storeId);
  }

  /** GET /internal/stores/:id/pin-candidates?q=: the store's pages an owner may pin for `q`. */
  @Endpoint(searchEndpoints.pinCandidates)
  pinCandidates(
    @Param('id') storeId: string,
    @ValidQuery(searchEndpoints.pinCandidates.query) query: QueryOf<typeof searchEndpoints.pinCandidates>,
  ) {
    return this.pins.candidates(storeId, query.q);
  }

  /** POST /internal/stores/:id/pinned-pages: which pinned URLs the store's documents hold now. */
  @Endpoint(searchEndpoints.pinnedPages)
  pinnedPages(
    @Param('id') storeId: string,
    @ValidBody(searchEndpoints.pinnedPages.body) body: BodyOf<typeof searchEndpoints.pinnedPages>,
  ) {
    return this.pins.pages(storeId, body.urls);
  }

  /** DELETE /internal/stores/:id/widget-rules: the owner saved new widget settings; ask stores again. */
  @Endpoint(searchEndpoints.forgetWidgetRules)
  forgetWidgetRules(@Param('id') storeId: string) {
    return this.pushes.forgetWidgetRules(storeId);
  }

  /** What this worker holds (ask a worker on its own port: SEARCH_WORKER_PORT + its number). */
  @Endpoint(searchEndpoints.indexCache)
  indexCache() {
    return this.indexes.held();
  }

  @Endpoint(searchEndpoints.deleteStore)
  remove(@Param('id') storeId: string) {
    return this.indexing.deleteStore(storeId);
  }
}
