import { ForbiddenException, BadRequestException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { callEndpoint, OwnerPlans } from '@sniff/service-kit';
import {
  DEFAULT_WIDGET_SETTINGS,
  planRefusal,
  searchEndpoints,
  type WidgetSettings,
  type WidgetSettingsResponse,
  widgetSettingsSchema,
} from '@sniff/contracts';
import { STORES_CONFIG, StoresConfig } from '../config';
import { StoreEntity } from '../stores/store.entity';
import { WidgetSettingsEntity } from './widget-settings.entity';

/** Saved widget settings, parsed (a row saved before a field existed gets its default). */
export function savedSettings(row: Pick<WidgetSettingsEntity, 'settings' | 'version'> | null): WidgetSettingsResponse {
  return row
    ? { settings: widgetSettingsSchema.parse(row.settings), version: row.version }
    : { settings: { ...DEFAULT_WIDGET_SETTINGS }, version: 0 };
}

/**
 * The widget look an owner saves in the dashboard. The stores schema holds it; the search service
 * hands it to every widget when it mounts (with the plan's rules), so a saved change reaches sites
 * without a new snippet. The plan is checked here as well as in the form and in the widget.
 */
@Injectable()
export class WidgetSettingsService {
  private readonly logger = new Logger('WidgetSettings');

  constructor(
    @InjectRepository(WidgetSettingsEntity) private readonly settings: Repository<WidgetSettingsEntity>,
    @InjectRepository(StoreEntity) private readonly stores: Repository<StoreEntity>,
    @Inject(STORES_CONFIG) private readonly config: StoresConfig,
    private readonly plans: OwnerPlans,
  ) {}

  /** GET /stores/:id/widget-settings: the saved settings, the defaults at version 0 when none. */
  async get(ownerSub: string, storeId: string): Promise<WidgetSettingsResponse> {
    if (!(await this.stores.existsBy({ id: storeId, ownerSub }))) throw new NotFoundException('Store not found');
    return savedSettings(await this.settings.findOneBy({ storeId }));
  }

  /** PUT /stores/:id/widget-settings: replaces the caller's store's settings when its plan allows them. */
  async save(ownerSub: string, storeId: string, settings: WidgetSettings): Promise<WidgetSettingsResponse> {
    const store = await this.stores.findOne({ where: { id: storeId, ownerSub }, select: { id: true, platform: true } });
    if (!store) throw new NotFoundException('Store not found');
    if (store.platform === 'custom' && settings.displayFormat !== 'list')
      throw new BadRequestException({ message: 'Custom websites show results as a list', field: 'displayFormat' });
    const refusal = planRefusal(settings, (await this.plans.of(ownerSub)).ent);
    if (refusal) throw new ForbiddenException(refusal);
    // One statement: owner scoping, insert or replace, and the version bump cannot interleave.
    const saved: { version: number }[] = await this.settings.query(
      `INSERT INTO "stores"."widget_settings" ("store_id", "settings", "version")
       SELECT "id", $3::jsonb, 1 FROM "stores"."stores" WHERE "id" = $1 AND "owner_sub" = $2
       ON CONFLICT ("store_id") DO UPDATE
         SET "settings" = EXCLUDED."settings", "version" = "widget_settings"."version" + 1, "updated_at" = now()
       RETURNING "version"`,
      [storeId, ownerSub, JSON.stringify(settings)],
    );
    if (!saved.length) throw new NotFoundException('Store not found');
    await this.tellSearch(storeId);
    return { settings, version: saved[0].version };
  }

  /**
   * Search keeps each store's rules for a few minutes; it forgets this store's now so widgets that
   * mount next get the new look. Never throws: without it the change shows within that time anyway.
   */
  private async tellSearch(storeId: string): Promise<void> {
    try {
      await callEndpoint(
        searchEndpoints.forgetWidgetRules,
        { path: { id: storeId } },
        { urls: this.config, timeoutMs: 2_000 },
      );
    } catch (err) {
      this.logger.warn(`store ${storeId}: search not told of new widget settings (${(err as Error).message})`);
    }
  }
}
