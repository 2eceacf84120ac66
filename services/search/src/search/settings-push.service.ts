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
    // This replica applies them at once; its sibling workers are told; other hosts' replicas
    // notice the new version when they revalidate.
    if (applied) this.indexes.applyRules(storeId, compileRules(settings, version));
    return { storeId, version, applied };
  }

  /** DELETE /internal/stores/:id/widget-rules: this worker and its siblings ask the stores service again. */
  forgetWidgetRules(storeId: string): { storeId: string; forgotten: true } {
    this.indexes.forgetWidgetRules(storeId);
    return { storeId, forgotten: true };
  }
}
