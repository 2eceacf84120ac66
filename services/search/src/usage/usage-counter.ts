import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { Metrics } from '@sniff/service-kit';
import type { Counter } from 'prom-client';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { usagePeriod } from '@sniff/contracts';
import { WidgetRules } from '../search/widget-rules';
import { Clock, USAGE_CLOCK } from './clock';

interface Delta {
  owner: string;
  periodStart: Date;
  count: number;
}

/** Rows per INSERT statement when flushing (3 parameters each, far under Postgres' 65,535). */
const FLUSH_CHUNK = 1_000;

/**
 * Visitor searches per owner and month, counted in memory as events are accepted and added to
 * `search.usage` by flush() (every SEARCH_USAGE_FLUSH_MS and on shutdown): a search answer never
 * waits for a count, and a killed worker loses at most the deltas since its last flush. Each
 * worker adds only its own deltas, so replicas never overwrite each other's counts.
 */
@Injectable()
export class UsageCounter {
  private readonly logger = new Logger('UsageCounter');
  /** Unflushed counts, keyed by period start (ms) and owner. */
  private pending = new Map<string, Delta>();
  private flushing: Promise<void> = Promise.resolve();

  /** Visitor searches counted against their owner's monthly quota (Prometheus). */
  private readonly counted?: Counter;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(USAGE_CLOCK) private readonly clock: Clock,
    private readonly rules: WidgetRules,
    @Optional() @Inject(Metrics) metrics?: Metrics,
  ) {
    this.counted = metrics?.counter('searches_counted_total', "Visitor searches counted against their owner's quota");
  }

  /** The period usage is counted in now (a calendar month, UTC). */
  period(): { start: Date; end: Date } {
    return usagePeriod(this.clock());
  }

  /** One accepted visitor search on the store: counted for its owner, or not at all while the owner is unknown. */
  async countSearch(storeId: string): Promise<void> {
    const { owner } = await this.rules.plan(storeId);
    if (!owner) return;
    this.add(owner, this.period().start);
    this.counted?.inc();
  }

  /** Searches counted for the owner in the period by this worker and not yet flushed. */
  unflushed(owner: string, periodStart: Date): number {
    return this.pending.get(key(owner, periodStart))?.count ?? 0;
  }

  /** Each owner's flushed total for the period (owners without a row are left out: 0). */
  async totals(owners: readonly string[], periodStart: Date): Promise<Map<string, number>> {
    if (!owners.length) return new Map();
    const rows: { owner_sub: string; count: number }[] = await this.db.query(
      `SELECT "owner_sub", "count" FROM "search"."usage" WHERE "period_start" = $1 AND "owner_sub" = ANY($2)`,
      [periodStart, owners],
    );
    return new Map(rows.map((r) => [r.owner_sub, r.count]));
  }

  /** Drops this worker's unflushed counts of the owner (their account is being deleted). */
  forget(owner: string): void {
    for (const [k, delta] of this.pending) if (delta.owner === owner) this.pending.delete(k);
  }

  /** Adds the unflushed deltas to the database; one flush at a time. Deltas that fail are kept for the next. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private add(owner: string, periodStart: Date): void {
    const k = key(owner, periodStart);
    const delta = this.pending.get(k);
    if (delta) delta.count++;
    else this.pending.set(k, { owner, periodStart, count: 1 });
  }

  private async write(): Promise<void> {
    if (!this.pending.size) return;
    const deltas = [...this.pending.values()];
    this.pending = new Map();
    for (let i = 0; i < deltas.length; i += FLUSH_CHUNK) {
      const chunk = deltas.slice(i, i + FLUSH_CHUNK);
      try {
        await this.db.query(
          `INSERT INTO "search"."usage" ("owner_sub", "period_start", "count") VALUES ${chunk
            .map((_, j) => `($${3 * j + 1}, $${3 * j + 2}, $${3 * j + 3})`)
            .join(', ')}
           ON CONFLICT ("owner_sub", "period_start") DO UPDATE SET "count" = "usage"."count" + excluded."count"`,
          chunk.flatMap((d) => [d.owner, d.periodStart, d.count]),
        );
      } catch (error) {
        // Keep what was not written (this chunk and the rest) for the next flush.
        for (const d of deltas.slice(i)) {
          const k = key(d.owner, d.periodStart);
          const current = this.pending.get(k);
          if (current) current.count += d.count;
          else this.pending.set(k, d);
        }
        this.logger.warn(`usage counts not saved, retrying at the next flush: ${String(error)}`);
        return;
      }
    }
  }
}

function key(owner: string, periodStart: Date): string {
  return `${periodStart.getTime()}\n${owner}`;
}
