import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { compileAllowedSites, type SearchSettings, searchSettingsSchema } from '@sniff/contracts';
import { compileQueryRules } from '../engine/query-rules';
import type { CachedRules } from './index-cache';
import { compilePins } from './pins';
import { StoreSettingsEntity } from './store-settings.entity';

export interface SavedSettings {
  storeId: string;
  version: number;
  /** False when the search service already had this version or a newer one. */
  applied: boolean;
}

export interface StoredSettings {
  storeId: string;
  /** 0 when the store has no saved settings. */
  version: number;
  settings: SearchSettings;
}

/** Per-store synonyms and stop words in the search schema, as the stores service pushed them. */
@Injectable()
export class StoreSettingsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async find(storeId: string): Promise<StoredSettings> {
    const row = await this.db.getRepository(StoreSettingsEntity).findOneBy({ storeId });
    // Parsed: rows saved before a field existed get its default.
    return { storeId, version: row?.version ?? 0, settings: searchSettingsSchema.parse(row?.settings ?? {}) };
  }

  /** The store's settings compiled for the engine and for suggestions. */
  async read(storeId: string): Promise<CachedRules> {
    const { settings, version } = await this.find(storeId);
    return compileRules(settings, version);
  }

  /** A settings row's value (null: none saved) compiled as `read` does. */
  compile(saved: unknown, version: number): CachedRules {
    return compileRules(searchSettingsSchema.parse(saved ?? {}), version);
  }
  /** Stores `settings` unless the store already has `version` or a newer one (pushes may arrive out of order). */
  async save(storeId: string, settings: SearchSettings, version: number): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `INSERT INTO "search"."store_settings" AS s ("store_id", "settings", "version") VALUES ($1, $2::jsonb, $3)
       ON CONFLICT ("store_id") DO UPDATE
         SET "settings" = EXCLUDED."settings", "version" = EXCLUDED."version", "updated_at" = now()
         WHERE s."version" < EXCLUDED."version"
       RETURNING "version"`,
      [storeId, JSON.stringify(settings), version],
    );
    return rows.length > 0;
  }
}

/** Settings as searches use them: the engine's query rules, the hidden suggestions, the allowed sites and the pins. */
export function compileRules(settings: SearchSettings, version: number): CachedRules {
  return {
    rules: compileQueryRules(settings),
    hidden: new Set(settings.hiddenSuggestions),
    sites: compileAllowedSites(settings.allowedSites),
    pins: compilePins(settings.pins),
    version,
  };
}
