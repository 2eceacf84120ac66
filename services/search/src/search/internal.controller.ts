import { Controller, Delete, Get, Param, Put, UseGuards } from '@nestjs/common';
import {
  indexDocumentsRequestSchema,
  SearchSettings,
  searchSettingsSchema,
  settingsVersionQuerySchema,
} from '@sniff/contracts';
import { BodyLimit, InternalGuard, MB, ValidBody, ValidQuery } from '@sniff/service-kit';
import { z } from 'zod';
import { IndexingService } from './indexing.service';
import { SettingsPush } from './settings-push.service';
import { StoreSettingsService } from './store-settings.service';

/** Called by the stores service after ingestion, when an owner saves search settings and when a store is deleted. */
@Controller('internal/stores/:id')
@UseGuards(InternalGuard)
export class InternalController {
  constructor(
    private readonly indexing: IndexingService,
    private readonly pushes: SettingsPush,
    private readonly settings: StoreSettingsService,
  ) {}

  @Put('documents')
  @BodyLimit(20 * MB) // a whole site's documents
  replace(
    @Param('id') storeId: string,
    @ValidBody(indexDocumentsRequestSchema) body: z.infer<typeof indexDocumentsRequestSchema>,
  ) {
    return this.indexing.replaceDocuments(storeId, body.documents);
  }

  /** PUT /internal/stores/:id/settings?version=N with the store's synonyms and stop words. */
  @Put('settings')
  saveSettings(
    @Param('id') storeId: string,
    @ValidQuery(settingsVersionQuerySchema) query: z.infer<typeof settingsVersionQuerySchema>,
    @ValidBody(searchSettingsSchema) body: SearchSettings,
  ) {
    return this.pushes.save(storeId, body, query.version);
  }

  @Get('settings')
  settingsOf(@Param('id') storeId: string) {
    return this.settings.find(storeId);
  }

  /** DELETE /internal/stores/:id/widget-rules: the owner saved new widget settings; ask stores again. */
  @Delete('widget-rules')
  forgetWidgetRules(@Param('id') storeId: string) {
    return this.pushes.forgetWidgetRules(storeId);
  }

  @Delete()
  remove(@Param('id') storeId: string) {
    return this.indexing.deleteStore(storeId);
  }
}
