import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { SEARCH_CONFIG, SearchConfig } from '../config';

/** The channel the database triggers (migration StoreChangeNotices) and `announce` send store ids on. */
export const STORE_CHANGED_CHANNEL = 'search_store_changed';

/** Longest pause between attempts to listen again after the connection is lost. */
const MAX_RETRY_MS = 5_000;
/**
 * How often a worker that hears no notices checks what it holds instead (held indexes against their
 * version, widget rules against the stores service).
 */
export const UNHEARD_RECHECK_MS = 2_000;
/** After this long without the probe back, the worker says it is rechecking instead. */
const PROBE_WAIT_MS = 5_000;

export interface StoreChangeListener {
  /** A store's index, settings or widget rules changed (or the store was deleted). */
  changed(storeId: string): void;
  /** Notices flow again after a gap (start, lost connection): notices of the gap may be missing. */
  resynced(): void;
}

/**
 * Store changes by Postgres LISTEN/NOTIFY, on one connection of its own per worker
 * (DATABASE_LISTEN_URL: a pooler in transaction mode cannot hold a LISTEN). Every replica and
 * worker hears every change; the ones that hold the store refresh it, the others ignore it.
 * Chosen over Redis pub/sub: the triggers send the notice in the writing transaction, so a change
 * is heard exactly when it is committed, and `npm start` needs no Redis. When the connection is
 * lost it is opened again, and the listener told to catch up from a version read.
 *
 * A connection counts as listening only once a notice sent from another connection has reached it: the
 * embedded Postgres of `npm start` accepts LISTEN but delivers a connection only its own notices, so
 * there every worker rechecks what it holds every UNHEARD_RECHECK_MS instead.
 */
@Injectable()
export class StoreChanges implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('StoreChanges');
  private client?: Client;
  private retry?: NodeJS.Timeout;
  private attempts = 0;
  private stopped = false;
  private listener?: StoreChangeListener;
  /** The payload of the notice that proves delivery (sent through the pool, awaited on the LISTEN connection). */
  private probe?: string;
  private confirmed = false;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SEARCH_CONFIG) private readonly config: SearchConfig,
  ) {}

  /** True while notices of other connections reach this worker. */
  get listening(): boolean {
    return this.client !== undefined && this.confirmed;
  }

  /** One listener per worker: the index lifecycle. */
  listen(listener: StoreChangeListener): void {
    this.listener = listener;
  }

  /** Tells every worker of every replica that the store changed (what the triggers do not see: widget rules). */
  async announce(storeId: string): Promise<void> {
    await this.db.query(`SELECT pg_notify($1, $2)`, [STORE_CHANGED_CHANNEL, storeId]);
  }

  /** Listening before the app serves: no change made after the first search can go unheard. */
  async onModuleInit(): Promise<void> {
    await this.connect();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client({
      connectionString: this.config.DATABASE_LISTEN_URL ?? this.config.DATABASE_URL,
      application_name: 'sniff-search-listen',
      // A silently dropped connection is noticed (and its gap caught up) instead of trusted.
      keepAlive: true,
    });
    client.on('notification', (notice) => {
      if (notice.channel !== STORE_CHANGED_CHANNEL || !notice.payload) return;
      if (notice.payload === this.probe) return this.delivered(client);
      this.listener?.changed(notice.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${STORE_CHANGED_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      this.again(error as Error);
      return;
    }
    if (this.stopped) return void client.end().catch(() => undefined);
    this.client = client;
    this.confirmed = false;
    this.attempts = 0;
    // Not awaited: until the probe arrives this worker rechecks (a start-up does not wait for it).
    this.probe = `probe:${randomUUID()}`;
    this.db.query(`SELECT pg_notify($1, $2)`, [STORE_CHANGED_CHANNEL, this.probe]).catch((error: Error) => {
      this.logger.warn(`could not test store-change notices (${error.message}); rechecking instead`);
    });
    setTimeout(() => {
      if (client === this.client && !this.confirmed) {
        this.logger.warn(
          `store-change notices do not reach this worker (an embedded Postgres): held stores are rechecked every ${UNHEARD_RECHECK_MS} ms`,
        );
      }
    }, PROBE_WAIT_MS).unref();
  }

  /** The probe came back through another connection: notices flow; what was missed meanwhile is caught up. */
  private delivered(client: Client): void {
    if (client !== this.client || this.confirmed) return;
    this.confirmed = true;
    this.logger.log('listening for store changes');
    this.listener?.resynced();
  }

  private lost(client: Client, error?: Error): void {
    if (client !== this.client || this.stopped) return;
    this.client = undefined;
    void client.end().catch(() => undefined);
    this.again(error ?? new Error('connection closed'));
  }

  private again(error: Error): void {
    if (this.stopped) return;
    const pause = Math.min(100 * 2 ** this.attempts++, MAX_RETRY_MS);
    this.logger.warn(`not listening for store changes (${error.message}); trying again in ${pause} ms`);
    this.retry = setTimeout(() => void this.connect(), pause);
  }
}
