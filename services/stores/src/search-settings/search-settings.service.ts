import { Inject, Injectable, Logger, NotFoundException, OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { callEndpoint, Queue } from '@sniff/service-kit';
import {
  analyticsEndpoints,
  type PinnedPagesResponse,
  searchEndpoints,
  type SearchSettings,
  searchSettingsSchema,
  siteHostSchema,
  type StoreSuggestion,
} from '@sniff/contracts';
import { STORES_CONFIG, StoresConfig } from '../config';
import { StoreEntity } from '../stores/store.entity';
import { SearchSettingsEntity } from './search-settings.entity';

/** Jobs that hand a store's saved search settings to the search service again after a failed push. */
export const PUSH_SETTINGS_QUEUE = 'push-search-settings';

/** About 11 hours of retries with exponential backoff; a later re-index pushes them too. */
const PUSH_RETRY_LIMIT = 12;

export const EMPTY_SEARCH_SETTINGS: SearchSettings = {
  synonyms: [],
  stopWords: [],
  hiddenSuggestions: [],
  allowedSites: [],
  pins: [],
};
/** Popular queries an owner sees for hiding: as many as visitors could ever be suggested, and more. */
const SUGGESTIONS_LISTED = 100;

const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Owner-facing synonyms and stop words. The stores schema is the source of truth: a save is
 * committed here first, then pushed to the search service with its version. A push that fails
 * is retried from the queue (the job reads the latest saved version, so retries never bring back
 * an older list), and every re-index pushes the settings again.
 */
@Injectable()
export class SearchSettingsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('SearchSettings');

  constructor(
    @InjectRepository(SearchSettingsEntity) private readonly settings: Repository<SearchSettingsEntity>,
    @InjectRepository(StoreEntity) private readonly stores: Repository<StoreEntity>,
    @Inject(STORES_CONFIG) private readonly config: StoresConfig,
    private readonly queue: Queue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.declare(PUSH_SETTINGS_QUEUE, {
      retryLimit: PUSH_RETRY_LIMIT,
      retryDelay: this.config.SETTINGS_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      expireInSeconds: 60,
    });
    await this.queue.work<{ storeId: string }>(PUSH_SETTINGS_QUEUE, (data) => this.push(data.storeId));
    // A save whose process stopped before it could push or queue the push is owed one still.
    const owed = await this.settings
      .createQueryBuilder('s')
      .select('s.storeId', 'storeId')
      .where('s.pushedVersion < s.version')
      .getRawMany<{ storeId: string }>();
    for (const { storeId } of owed) await this.queue.send(PUSH_SETTINGS_QUEUE, { storeId });
  }

  /** GET /stores/:id/search-settings: the saved settings, empty lists when none were saved. */
  async get(ownerSub: string, storeId: string): Promise<SearchSettings> {
    if (!(await this.stores.existsBy({ id: storeId, ownerSub }))) throw new NotFoundException('Store not found');
    const row = await this.settings.findOneBy({ storeId });
    // Parsed: settings saved before a field existed get its default.
    return row ? searchSettingsSchema.parse(row.settings) : EMPTY_SEARCH_SETTINGS;
  }

  /**
   * GET /stores/:id/suggestions: the popular queries the store's visitors are suggested (analytics
   * decides what is popular), each marked hidden when the owner hid it.
   */
  async suggestions(ownerSub: string, storeId: string): Promise<{ suggestions: StoreSuggestion[] }> {
    const { hiddenSuggestions } = await this.get(ownerSub, storeId);
    const hidden = new Set(hiddenSuggestions);
    const { queries } = await callEndpoint(
      analyticsEndpoints.popularQueries,
      { path: { storeId }, query: { limit: SUGGESTIONS_LISTED } },
      { urls: this.config, timeoutMs: 10_000 },
    );
    return {
      suggestions: queries.map((q) => ({ query: q.query, visitors: q.count, hidden: hidden.has(q.query) })),
    };
  }

  /** GET /stores/:id/pin-candidates?q=: the store's pages a visitor would find for `q` (search, not counted). */
  async pinCandidates(ownerSub: string, storeId: string, q: string): Promise<PinnedPagesResponse> {
    await this.owned(ownerSub, storeId);
    return callEndpoint(
      searchEndpoints.pinCandidates,
      { path: { id: storeId }, query: { q } },
      { urls: this.config, timeoutMs: 10_000 },
    );
  }

  /** POST /stores/:id/pinned-pages: which of the pinned URLs the store's index holds now (search knows). */
  async pinnedPages(ownerSub: string, storeId: string, urls: string[]): Promise<PinnedPagesResponse> {
    await this.owned(ownerSub, storeId);
    if (!urls.length) return { pages: [] };
    return callEndpoint(
      searchEndpoints.pinnedPages,
      { path: { id: storeId }, body: { urls } },
      { urls: this.config, timeoutMs: 10_000 },
    );
  }

  private async owned(ownerSub: string, storeId: string): Promise<void> {
    if (!(await this.stores.existsBy({ id: storeId, ownerSub }))) throw new NotFoundException('Store not found');
  }

  /**
   * A new store's first settings, saved in the store's transaction `m`: only its own site may use
   * the widget, so no other website spends the owner's searches from day one. Its host without the
   * port, so the site's pages on another port (a local test page) are allowed too. The caller
   * pushes them once the store is committed.
   */
  async createFor(m: EntityManager, storeId: string, storeUrl: string): Promise<void> {
    const allowedSites = ownSite(storeUrl);
    if (!allowedSites.length) {
      this.logger.warn(`store ${storeId}: no allowed site from its URL ${storeUrl}; every site may use its widget`);
    }
    const settings: SearchSettings = { ...EMPTY_SEARCH_SETTINGS, allowedSites };
    await m.insert(SearchSettingsEntity, { storeId, settings, version: 1, pushedVersion: 0 });
  }

  /** PUT /stores/:id/search-settings: replaces the settings of the caller's store and applies them. */
  async save(ownerSub: string, storeId: string, settings: SearchSettings): Promise<SearchSettings> {
    let saved: { version: number }[];
    try {
      // One statement: owner scoping, insert or replace, and the version bump cannot interleave.
      saved = await this.settings.query(
        `INSERT INTO "stores"."search_settings" ("store_id", "settings", "version")
         SELECT "id", $3::jsonb, 1 FROM "stores"."stores" WHERE "id" = $1 AND "owner_sub" = $2
         ON CONFLICT ("store_id") DO UPDATE
           SET "settings" = EXCLUDED."settings", "version" = "search_settings"."version" + 1, "updated_at" = now()
         RETURNING "version"`,
        [storeId, ownerSub, JSON.stringify(settings)],
      );
    } catch (err) {
      // The store was deleted between the ownership check and the insert.
      if ((err as { code?: string }).code === FOREIGN_KEY_VIOLATION) throw new NotFoundException('Store not found');
      throw err;
    }
    if (!saved.length) throw new NotFoundException('Store not found');
    await this.pushOrRetryLater(storeId);
    return settings;
  }

  /**
   * Pushes the store's settings now; when the search service does not take them, queues a retry.
   * Never throws: the settings are saved either way.
   */
  async pushOrRetryLater(storeId: string, { always = false } = {}): Promise<void> {
    try {
      await this.push(storeId, { always });
    } catch (err) {
      this.logger.warn(`store ${storeId}: search settings not applied yet (${(err as Error).message}); will retry`);
      try {
        await this.queue.send(
          PUSH_SETTINGS_QUEUE,
          { storeId },
          { startAfter: this.config.SETTINGS_RETRY_DELAY_SECONDS },
        );
      } catch (queueErr) {
        // Still owed in the table (pushed_version < version): the next start or re-index pushes it.
        this.logger.error(`store ${storeId}: could not queue the settings push: ${(queueErr as Error).message}`);
      }
    }
  }

  /**
   * Sends the latest saved settings with their version. `always` re-sends settings the search service
   * already confirmed (a re-index may land on a search database that lost them).
   */
  private async push(storeId: string, { always = false } = {}): Promise<void> {
    const row = await this.settings.findOneBy({ storeId });
    if (!row || (!always && row.pushedVersion >= row.version)) return;
    await callEndpoint(
      searchEndpoints.saveSettings,
      { path: { id: storeId }, query: { version: row.version }, body: row.settings },
      { urls: this.config },
    );
    await this.settings.query(
      `UPDATE "stores"."search_settings" SET "pushed_version" = GREATEST("pushed_version", $2) WHERE "store_id" = $1`,
      [storeId, row.version],
    );
  }
}

/** The host of a store's own URL as its allowed sites; none when the URL has no usable host. */
function ownSite(storeUrl: string): string[] {
  try {
    const host = siteHostSchema.safeParse(new URL(storeUrl).hostname);
    return host.success ? [host.data] : [];
  } catch {
    return [];
  }
}
