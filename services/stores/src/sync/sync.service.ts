import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { callEndpoint, OwnerPlans, Queue } from '@sniff/service-kit';
import { type IndexDocument, searchEndpoints, type SkippedItem } from '@sniff/contracts';
import { STORES_CONFIG, StoresConfig } from '../config';
import { SecretBox } from '../secrets/secret-box';
import { SafeFetcher } from '../fetching/safe-fetch';
import { SearchSettingsService } from '../search-settings/search-settings.service';
import { PermanentSourceError, type SourceItem, type SyncContext } from './source';
import { SourceRegistry } from './source-registry';
import { StoreEntity } from '../stores/store.entity';
import { SourceItemEntity } from './source-item.entity';
import {
  MAX_ITEMS_PER_STORE,
  MAX_SKIPPED_LISTED,
  PROGRESS_EVERY_MS,
  SYNC_DUE_QUEUE,
  SYNC_QUEUE,
  type SyncJob,
} from './sync.constants';

const INSERT_CHUNK = 500;

interface SyncOutcome {
  items: SourceItem[];
  skipped: SkippedItem[];
  /** Whether anything differs from the last sync (else the kept items are not written again). */
  changed: boolean;
  /** "pages", "products", "items": how the owner reads the counts. */
  unit: string;
}
/** Syncs of different stores that one replica runs at the same time. */
const WORKERS = 2;

/**
 * Store syncs: the first indexing after creation, the scheduled re-syncs (every 24 h, 12 h on Solo
 * Premium AI) and "Sync now". A sync reads the store's source, reusing what did not change since the
 * last one, and hands the whole document set to the search service, which swaps its index at once:
 * the widget answers from the previous index until then, and keeps it when a sync fails. Documents
 * are replaced by id, so a sync retried after a crash (the job expires and runs again) duplicates
 * nothing.
 */
@Injectable()
export class SyncService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Sync');

  constructor(
    @InjectRepository(StoreEntity) private readonly stores: Repository<StoreEntity>,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(STORES_CONFIG) private readonly config: StoresConfig,
    private readonly queue: Queue,
    private readonly fetcher: SafeFetcher,
    private readonly secrets: SecretBox,
    private readonly sources: SourceRegistry,
    private readonly plans: OwnerPlans,
    private readonly searchSettings: SearchSettingsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.declare(SYNC_QUEUE, {
      policy: 'stately',
      retryLimit: this.config.INGEST_RETRY_LIMIT,
      retryDelay: this.config.INGEST_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      // A job whose worker died (crash, restart) expires and is retried.
      expireInSeconds: this.config.INGEST_EXPIRE_SECONDS,
    });
    await this.queue.declare(SYNC_DUE_QUEUE, { policy: 'singleton', retryLimit: 0, expireInSeconds: 120 });
    for (let i = 0; i < WORKERS; i++)
      await this.queue.work<SyncJob>(SYNC_QUEUE, (data, jobId) =>
        this.run(data.storeId, jobId, { reuseKept: data.reuseKept === true }),
      );
    await this.queue.work(SYNC_DUE_QUEUE, () => this.sendDue());
    // Kept by pg-boss in Postgres: it survives restarts, and one replica sends it each time.
    await (await this.queue.client()).schedule(SYNC_DUE_QUEUE, this.config.SYNC_SCHEDULE_CRON);
  }

  /**
   * Queues a sync of the store; a sync already queued for it makes this one needless (null): that one
   * reads the store (its page list too) when it starts. `reuseKept`: see SyncJob.
   */
  async enqueue(storeId: string, options: { reuseKept?: boolean } = {}): Promise<string | null> {
    const job: SyncJob = options.reuseKept ? { storeId, reuseKept: true } : { storeId };
    return this.queue.send(SYNC_QUEUE, job, { singletonKey: storeId });
  }

  /**
   * The cron job: queues every store whose next sync is due, and any store left queued or running
   * with no sign of life (its job was lost with a process). The stores are claimed in one statement
   * (SKIP LOCKED), so replicas looking at the same moment never queue one store twice.
   */
  async sendDue(): Promise<void> {
    const stale = this.config.INGEST_EXPIRE_SECONDS * 2;
    // An UPDATE answers [rows, count] through TypeORM.
    const [due] = (await this.stores.query(
      `UPDATE "stores"."stores" SET "status" = 'queued', "next_sync_at" = NULL, "updated_at" = now()
       WHERE "id" IN (
         SELECT "id" FROM "stores"."stores"
         WHERE ("next_sync_at" <= now() AND "status" IN ('done', 'failed'))
            OR ("status" IN ('queued', 'running') AND "updated_at" < now() - make_interval(secs => $1))
         ORDER BY "next_sync_at" NULLS FIRST LIMIT 500
         FOR UPDATE SKIP LOCKED)
       RETURNING "id"`,
      [stale],
    )) as [{ id: string }[], number];
    for (const { id } of due) {
      const jobId = await this.enqueue(id);
      if (jobId) await this.stores.update({ id }, { jobId });
    }
    if (due.length) this.logger.log(`queued ${due.length} due store sync(s)`);
  }

  async run(storeId: string, jobId: string, options: { reuseKept?: boolean } = {}): Promise<void> {
    const store = await this.stores.findOne({ where: { id: storeId }, select: this.withCredential() });
    if (!store) return; // deleted meanwhile
    await this.stores.update(
      { id: storeId },
      { status: 'running', statusReason: null, jobId, progressDone: 0, progressTotal: null },
    );
    try {
      const outcome = await this.read(store, options.reuseKept === true);
      if (!(await this.stores.existsBy({ id: storeId }))) return;
      // Always handed over, changed or not: a search database restored from a backup gets the store back.
      await this.index(storeId, outcome.items);
      if (!(await this.stores.existsBy({ id: storeId }))) {
        // Deleted while we indexed: take the documents back out.
        await callEndpoint(searchEndpoints.deleteStore, { path: { id: storeId } }, { urls: this.config });
        return;
      }
      await this.finish(store, outcome, jobId);
    } catch (err) {
      const reason = (err as Error).message;
      const final = err instanceof PermanentSourceError || (await this.isLastAttempt(jobId));
      this.logger.warn(`store ${storeId}: ${reason}${final ? '' : ' (will retry)'}`);
      if (await this.stores.existsBy({ id: storeId })) {
        await this.stores.update(
          { id: storeId },
          final
            ? {
                status: 'failed',
                statusReason: reason,
                progressDone: null,
                progressTotal: null,
                nextSyncAt: await this.nextSyncAt(store),
              }
            : { status: 'queued', statusReason: `Retrying: ${reason}`, progressDone: null, progressTotal: null },
        );
      }
      if (!final) throw err;
    }
  }

  /** Reads the whole source, with progress written as it goes. */
  private async read(store: StoreEntity, reuseKept: boolean): Promise<SyncOutcome> {
    const previousRows = await this.db.getRepository(SourceItemEntity).find({ where: { storeId: store.id } });
    const previous = new Map(
      previousRows.map((r) => [r.key, { key: r.key, fingerprint: r.fingerprint, document: r.document }]),
    );
    const ctx: SyncContext = {
      store,
      credential: store.credential ? this.secrets.open(store.credential) : null,
      previous: (key) => previous.get(key),
      previousItems: () => previous.values(),
      fetcher: this.fetcher,
      reuseKept,
    };
    const items = new Map<string, SourceItem>();
    const skipped: SkippedItem[] = [];
    const progress = new ProgressWriter(this.stores, store.id);
    const source = this.sources.for(store);
    try {
      for await (const event of source.read(ctx)) {
        if (event.kind === 'total') progress.total = event.total;
        else if (event.kind === 'skip') {
          skipped.push({ item: event.item, reason: event.reason });
          progress.done++;
        } else if (items.size >= MAX_ITEMS_PER_STORE && !items.has(event.item.key)) {
          skipped.push({
            item: event.item.document.url,
            reason: `Over the ${MAX_ITEMS_PER_STORE} items a store can hold`,
          });
          progress.done++;
        } else {
          items.set(event.item.key, event.item);
          progress.done++;
        }
      }
    } catch (err) {
      await progress.stop();
      throw err;
    }
    await progress.finish();
    if (!items.size && skipped.length) {
      const reasons = skipped.slice(0, 3).map((s) => s.reason);
      throw new Error(`Could not fetch any ${source.items.one}: ${reasons.join('; ')}`);
    }
    return { items: [...items.values()], skipped, changed: differs(previous, items), unit: source.items.many };
  }

  /** Hands the documents to the search service, which swaps the store's index when it has them all. */
  private async index(storeId: string, items: SourceItem[]): Promise<void> {
    const documents: IndexDocument[] = items.map((i) => i.document);
    await callEndpoint(
      searchEndpoints.replaceDocuments,
      { path: { id: storeId }, body: { documents } },
      { urls: this.config, timeoutMs: 120_000 },
    );
    // The store's synonyms and stop words travel with its documents, so a search database that
    // lost them (restored, rebuilt) has them again after a re-index.
    await this.searchSettings.pushOrRetryLater(storeId, { always: true });
  }

  /** Keeps what this sync read (for the next one to compare with) and records its outcome. */
  private async finish(store: StoreEntity, outcome: SyncOutcome, jobId: string): Promise<void> {
    const nextSyncAt = await this.nextSyncAt(store);
    const { items, skipped } = outcome;
    const warning = skipped.length
      ? `${skipped.length} of ${items.length + skipped.length} ${outcome.unit} skipped: ${skipped[0]!.reason}`
      : null;
    await this.db.transaction(async (m) => {
      // A newer sync was queued while this one ran (a new catalogue or page list): the store stays queued for it.
      const current = await m.findOne(StoreEntity, {
        where: { id: store.id },
        select: { id: true, jobId: true },
        lock: { mode: 'pessimistic_write' },
      });
      const superseded = !!current?.jobId && current.jobId !== jobId;
      // What a sync read is kept for the next one, which compares with it and reuses what is unchanged, superseded
      // or not. A catalogue's items are different: they are the upload itself (replaceCatalogue writes them),
      // and a superseded sync's older ones must not be written over the new upload's.
      const itemsAreTheUpload = store.source === 'shopify-csv';
      if (outcome.changed && !(superseded && itemsAreTheUpload)) {
        await m.delete(SourceItemEntity, { storeId: store.id });
        for (let i = 0; i < items.length; i += INSERT_CHUNK) {
          const rows = items.slice(i, i + INSERT_CHUNK).map((it) => ({ storeId: store.id, ...it }));
          await m.createQueryBuilder().insert().into(SourceItemEntity).values(rows).execute();
        }
      }
      await m.update(
        StoreEntity,
        { id: store.id },
        {
          status: superseded ? 'queued' : 'done',
          statusReason: warning,
          pagesIndexed: items.length,
          skipped: skipped.slice(0, MAX_SKIPPED_LISTED),
          skippedCount: skipped.length,
          progressDone: null,
          progressTotal: null,
          lastSyncedAt: new Date(),
          nextSyncAt,
        },
      );
    });
    this.logger.log(
      `store ${store.id}: ${items.length} items indexed${outcome.changed ? '' : ' (unchanged)'}${warning ? ` (${warning})` : ''}`,
    );
  }

  /** Every 24 hours, every 12 on Solo Premium AI; a catalogue upload has nothing to fetch again. */
  private async nextSyncAt(store: StoreEntity): Promise<Date | null> {
    if (store.source === 'shopify-csv') return null;
    let hours = 24;
    try {
      hours = (await this.plans.of(store.ownerSub)).ent.resyncHours;
    } catch (err) {
      this.logger.warn(`store ${store.id}: plan unknown (${(err as Error).message}); next sync in ${hours} h`);
    }
    return new Date(Date.now() + hours * 3_600_000);
  }

  private withCredential() {
    const columns = this.stores.metadata.columns.map((c) => c.propertyName as keyof StoreEntity);
    return Object.fromEntries(columns.map((c) => [c, true])) as Record<keyof StoreEntity, true>;
  }

  private async isLastAttempt(jobId: string): Promise<boolean> {
    const job = await (await this.queue.client()).getJobById(SYNC_QUEUE, jobId);
    return !job || job.retryCount >= job.retryLimit;
  }
}

/** Whether this sync's items differ from the last sync's: keys or documents. */
export function differs(previous: Map<string, SourceItem>, items: Map<string, SourceItem>): boolean {
  if (previous.size !== items.size) return true;
  for (const [key, item] of items) {
    const before = previous.get(key);
    if (!before || canonicalJson(before.document) !== canonicalJson(item.document)) return true;
  }
  return false;
}

/** JSON with keys sorted and undefined left out, as jsonb gives a document back whatever order it was written in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

/**
 * "120 of 480": written to the store row every PROGRESS_EVERY_MS while a sync runs (also while it waits
 * on a slow page, so the count an owner sees is never older than that), and once more at the end.
 */
class ProgressWriter {
  done = 0;
  total: number | null = null;
  private written = '';
  private readonly timer: NodeJS.Timeout;
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly stores: Repository<StoreEntity>,
    private readonly storeId: string,
  ) {
    this.timer = setInterval(() => void this.write().catch(() => undefined), PROGRESS_EVERY_MS);
    this.timer.unref();
  }

  /** Writes the count if it changed since the last write (one write at a time). */
  write(): Promise<void> {
    this.pending = this.pending.then(async () => {
      const now = `${this.done}/${this.total}`;
      if (now === this.written) return;
      this.written = now;
      await this.stores.update({ id: this.storeId }, { progressDone: this.done, progressTotal: this.total });
    });
    return this.pending;
  }

  /** Stops the timer after a last write. */
  async finish(): Promise<void> {
    clearInterval(this.timer);
    await this.write();
  }

  /** Stops the timer once a write under way is done (a failed sync: its outcome is written after). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.pending.catch(() => undefined);
  }
}
