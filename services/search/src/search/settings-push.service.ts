import { Injectable } from '@nestjs/common';
import type { SearchSettings } from '@sniff/contracts';
import { IndexLifecycle } from './index-lifecycle.service';
import { compileRules, SavedSettings, StoreSettingsService } from './store-settings.service';

/** What the stores service pushes when an owner changes how a store answers: search settings, widget rules. */
@Injectable()
export class SettingsPush {
  constructor(
    private readonly settings: StoreSettingsService,
    private readonly indexes: IndexLifecycle,
  ) {}

  /** PUT /internal/stores/:id/settings: stores the settings; applies them unless a newer version is in. */
  async save(storeId: string, settings: SearchSettings, version: number): Promise<SavedSettings> {
    const applied = await this.settings.save(storeId, settings, version);
    // This worker applies them at once; the others hear of them from the database (StoreChanges).
    if (applied) this.indexes.applyRules(storeId, compileRules(settings, version));
    return { storeId, version, applied };
  }

  /** DELETE /internal/stores/:id/widget-rules: every worker of every replica asks the stores service again. */
  async forgetWidgetRules(storeId: string): Promise<{ storeId: string; forgotten: true }> {
    await this.indexes.forgetWidgetRules(storeId);
    return { storeId, forgotten: true };
  }
}
