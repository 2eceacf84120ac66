import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { Metrics } from '@sniff/service-kit';
import type { Counter } from 'prom-client';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { usagePeriod } from '@sniff/contracts';
import { SEARCH_CONFIG, type SearchConfig } from '../config';
import { EVENT_KEYS, type EventKeys } from '../events/event-keys';
import { WidgetRules, type StorePlan } from '../search/widget-rules';
import { Clock, USAGE_CLOCK } from './clock';
import { quotaKeys } from './visitor-network';

/** Counted answers of one visitor address for one owner on one day, not yet flushed. */
interface Delta {
  owner: string;
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  periodStart: Date;
  address: string;
  count: number;
  /** The most all visitors may add to the owner's usage that day (from their monthly quota). */
  dayCap: number;
}

/** Rows per flush statement (7 parameters each, far under Postgres' 65,535). */
const FLUSH_CHUNK = 1_000;
/** No quota: no daily ceiling either (Postgres' integer). */
const NO_CAP = 2_147_483_647;
/** Tally rows are kept for today and yesterday (a flush may still add to yesterday's). */
const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * Visitor searches per owner and month, counted where they are answered: QueryService calls
 * count() for each counted answer (a map increment; the answer never waits), and flush() (every
 * SEARCH_USAGE_FLUSH_MS and on shutdown) adds them to `search.usage` in one statement that applies
 * the counting caps against the day's tallies of every worker and replica: what one visitor
 * address, one network and all visitors together may add to an owner's usage in a day. So a
 * third party cannot use up an owner's month, whatever it sends. A killed worker loses at most
 * the counts since its last flush; each worker adds only its own deltas, never overwriting.
 */
@Injectable()
export class UsageCounter {
  private readonly logger = new Logger('UsageCounter');
  /** Unflushed counts, keyed by day, owner and address. */
  private pending = new Map<string, Delta>();
  private flushing: Promise<void> = Promise.resolve();
  private prunedAt = 0;

  /** Answers counted as visitor searches, before the caps (Prometheus). */
  private readonly counted?: Counter;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(USAGE_CLOCK) private readonly clock: Clock,
    @Inject(SEARCH_CONFIG) private readonly config: SearchConfig,
    @Inject(EVENT_KEYS) private readonly keys: EventKeys,
    private readonly rules: WidgetRules,
    @Optional() @Inject(Metrics) metrics?: Metrics,
  ) {
    this.counted = metrics?.counter(
      'searches_counted_total',
      'Search answers counted as visitor searches (before the per-visitor, network and daily caps)',
    );
  }

  /** The period usage is counted in now (a calendar month, UTC). */
  period(): { start: Date; end: Date } {
    return usagePeriod(this.clock());
  }

  /**
   * One answer on the store counted as a search by the visitor at `address`, for the store's
   * owner; not at all while the owner is unknown. Synchronous when the owner is known (a map
   * increment), else counted once the stores service has said.
   */
  count(storeId: string, address: string): void {
    const plan = this.rules.peek(storeId);
    if (plan) this.add(plan, address);
    else void this.rules.plan(storeId).then((p) => this.add(p, address));
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

  private add(plan: StorePlan, address: string): void {
    const { owner, monthlySearches } = plan;
    if (!owner) return;
    const now = this.clock();
    const day = now.toISOString().slice(0, 10);
    const k = `${day}\n${owner}\n${address}`;
    const delta = this.pending.get(k);
    if (delta) delta.count++;
    else {
      const dayCap =
        monthlySearches === null
          ? NO_CAP
          : Math.max(1, Math.ceil(monthlySearches * this.config.SEARCH_COUNT_DAY_SHARE));
      this.pending.set(k, { owner, day, periodStart: usagePeriod(now).start, address, count: 1, dayCap });
    }
    this.counted?.inc();
  }

  private async write(): Promise<void> {
    if (this.pending.size) {
      const deltas = [...this.pending.values()];
      this.pending = new Map();
      for (let i = 0; i < deltas.length; i += FLUSH_CHUNK) {
        try {
          await this.apply(deltas.slice(i, i + FLUSH_CHUNK));
        } catch (error) {
          // Keep what was not written (this chunk and the rest) for the next flush.
          for (const d of deltas.slice(i)) {
            const k = `${d.day}\n${d.owner}\n${d.address}`;
            const current = this.pending.get(k);
            if (current) current.count += d.count;
            else this.pending.set(k, d);
          }
          this.logger.warn(`usage counts not saved, retrying at the next flush: ${String(error)}`);
          return;
        }
      }
    }
    await this.prune();
  }

  /**
   * One statement, so the caps hold across workers and replicas: each visitor's, then each
   * network's, then each owner's tally of the day grows by the uncapped counts (row locks order
   * concurrent flushes), and what the caps let through of the growth is added to the month's
   * usage. A tally's growth of `n` to `count` lets through LEAST(cap, count) - LEAST(cap, count - n).
   */
  private async apply(chunk: Delta[]): Promise<void> {
    const rows = chunk
      .map((d) => ({ d, ...quotaKeys(this.keys.quota, d.owner, d.address) }))
      // One order for every flush: concurrent ones lock rows in the same order.
      .sort((a, b) => (a.d.owner + a.visitor < b.d.owner + b.visitor ? -1 : 1));
    const params: unknown[] = [this.config.SEARCH_COUNT_PER_VISITOR_DAY, this.config.SEARCH_COUNT_PER_NETWORK_DAY];
    const values = rows.map(({ d, visitor, network }) => {
      const at = params.length;
      params.push(d.owner, d.day, d.periodStart, visitor, network, d.count, d.dayCap);
      return `($${at + 1}::text, $${at + 2}::date, $${at + 3}::timestamptz, $${at + 4}::text, $${at + 5}::text, $${at + 6}::int, $${at + 7}::int)`;
    });
    const tally = (kind: string, from: string, key: string, count: string, order: string) => `
      INSERT INTO "search"."quota_tally" AS t ("owner_sub", "day", "kind", "key", "count")
      SELECT "owner", "day", '${kind}', ${key}, ${count} FROM ${from} ORDER BY ${order}
      ON CONFLICT ("owner_sub", "day", "kind", "key") DO UPDATE SET "count" = t."count" + excluded."count"
      RETURNING "owner_sub", "day", "key", "count"`;
    await this.db.query(
      `WITH d ("owner", "day", "period", "visitor", "network", "n", "dcap") AS (VALUES ${values.join(', ')}),
       v AS (${tally('v', 'd', '"visitor"', '"n"', '"owner", "visitor"')}),
       vc AS (
         SELECT d."owner", d."day", d."period", d."network", d."dcap",
                LEAST($1::int, v."count") - LEAST($1::int, v."count" - d."n") AS "c"
         FROM d JOIN v ON v."owner_sub" = d."owner" AND v."day" = d."day" AND v."key" = d."visitor"),
       ng AS (
         SELECT "owner", "day", "network", max("period") AS "period", max("dcap") AS "dcap", sum("c")::int AS "c"
         FROM vc GROUP BY "owner", "day", "network" HAVING sum("c") > 0),
       n AS (${tally('n', 'ng', '"network"', '"c"', '"owner", "network"')}),
       nc AS (
         SELECT ng."owner", ng."day", ng."period", ng."dcap",
                LEAST($2::int, n."count") - LEAST($2::int, n."count" - ng."c") AS "c"
         FROM ng JOIN n ON n."owner_sub" = ng."owner" AND n."day" = ng."day" AND n."key" = ng."network"),
       og AS (
         SELECT "owner", "day", max("period") AS "period", max("dcap") AS "dcap", sum("c")::int AS "c"
         FROM nc GROUP BY "owner", "day" HAVING sum("c") > 0),
       o AS (${tally('o', 'og', "''", '"c"', '"owner"')}),
       oc AS (
         SELECT og."owner", og."period", LEAST(og."dcap", o."count") - LEAST(og."dcap", o."count" - og."c") AS "c"
         FROM og JOIN o ON o."owner_sub" = og."owner" AND o."day" = og."day")
       INSERT INTO "search"."usage" AS u ("owner_sub", "period_start", "count")
       SELECT "owner", "period", sum("c")::int FROM oc GROUP BY "owner", "period" HAVING sum("c") > 0 ORDER BY "owner"
       ON CONFLICT ("owner_sub", "period_start") DO UPDATE SET "count" = u."count" + excluded."count"`,
      params,
    );
  }

  /** Tallies of days before yesterday are no longer read: removed about hourly. */
  private async prune(): Promise<void> {
    const now = this.clock();
    if (now.getTime() - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now.getTime();
    const yesterday = new Date(now.getTime() - 24 * 3600_000).toISOString().slice(0, 10);
    try {
      await this.db.query(`DELETE FROM "search"."quota_tally" WHERE "day" < $1::date`, [yesterday]);
    } catch (error) {
      this.logger.warn(`old quota tallies not removed, trying again later: ${String(error)}`);
    }
  }
}
