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

/** Answers to one visitor address for one owner on one day (of one typed query, if it said which), not yet flushed. */
interface Delta {
  owner: string;
  /** The UTC day, YYYY-MM-DD (its month is the usage period). */
  day: string;
  address: string;
  /** The widget's id of the query typed; null: each answer is a search of its own. */
  session: string | null;
  /** When this worker first answered the session. */
  seen: Date;
  count: number;
  /** The most all visitors may add to the owner's usage that day (from their monthly quota). */
  dayCap: number;
}

/** Rows per flush statement (9 parameters each, far under Postgres' 65,535). */
const FLUSH_CHUNK = 1_000;
/**
 * One typed query's keystrokes count once if they come within this long of its first; a visitor
 * still typing after that (or a script replaying one id) counts again.
 */
export const SESSION_SECONDS = 60;
/** No quota: no daily ceiling either (Postgres' integer). */
const NO_CAP = 2_147_483_647;
/** Tally rows are kept for today and yesterday (a flush may still add to yesterday's). */
const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * Visitor searches per owner and month, counted where they are answered: QueryService calls
 * count() for each answer it makes (a map increment; the answer never waits), and flush() (every
 * SEARCH_USAGE_FLUSH_MS and on shutdown) adds them to `search.usage` in one statement that counts
 * each typed query once (its session, whichever workers and replicas answered its keystrokes) and
 * applies the counting caps against the day's tallies of every worker and replica: what one
 * visitor address, one network and all visitors together may add to an owner's usage in a day.
 * So a third party cannot use up an owner's month, whatever it sends. A killed worker loses at
 * most the counts since its last flush; each worker adds only its own deltas, never overwriting.
 */
@Injectable()
export class UsageCounter {
  private readonly logger = new Logger('UsageCounter');
  /** Unflushed counts, keyed by day, owner and address. */
  private pending = new Map<string, Delta>();
  private flushing: Promise<void> = Promise.resolve();
  private prunedAt = 0;

  /** Answers that may count as visitor searches, before sessions and caps (Prometheus). */
  private readonly answered?: Counter;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(USAGE_CLOCK) private readonly clock: Clock,
    @Inject(SEARCH_CONFIG) private readonly config: SearchConfig,
    @Inject(EVENT_KEYS) private readonly keys: EventKeys,
    private readonly rules: WidgetRules,
    @Optional() @Inject(Metrics) metrics?: Metrics,
  ) {
    this.answered = metrics?.counter(
      'searches_counted_total',
      "Search answers counted towards owners' usage, before one query's keystrokes are made one search and the caps apply",
    );
  }

  /** The period usage is counted in now (a calendar month, UTC). */
  period(): { start: Date; end: Date } {
    return usagePeriod(this.clock());
  }

  /**
   * One answer on the store to the visitor at `address` (a keystroke of the query `session`, if the
   * widget said which), for the store's owner; not at all while the owner is unknown. Synchronous
   * when the owner is known (a map increment), else counted once the stores service has said.
   */
  count(storeId: string, address: string, session?: string): void {
    const plan = this.rules.peek(storeId);
    if (plan) this.add(plan, address, session || null);
    else void this.rules.plan(storeId).then((p) => this.add(p, address, session || null));
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

  private add(plan: StorePlan, address: string, session: string | null): void {
    const { owner, monthlySearches } = plan;
    if (!owner) return;
    const now = this.clock();
    const day = now.toISOString().slice(0, 10);
    const k = deltaKey(day, owner, address, session);
    const delta = this.pending.get(k);
    if (delta) delta.count++;
    else {
      const dayCap =
        monthlySearches === null
          ? NO_CAP
          : Math.max(1, Math.ceil(monthlySearches * this.config.SEARCH_COUNT_DAY_SHARE));
      this.pending.set(k, { owner, day, address, session, seen: now, count: 1, dayCap });
    }
    this.answered?.inc();
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
            const k = deltaKey(d.day, d.owner, d.address, d.session);
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
   * One statement, so sessions and caps hold across workers and replicas. First each typed query:
   * its session is recorded (or renewed once SESSION_SECONDS old) by the first flush that brings it,
   * which alone counts it, once. Then each visitor's, each network's and each owner's tally of the
   * day grows by what counts (row locks order concurrent flushes), and what the caps let through of
   * the growth is added to the month's usage. A tally's growth of `n` to `count` lets through
   * LEAST(cap, count) - LEAST(cap, count - n).
   */
  private async apply(chunk: Delta[]): Promise<void> {
    const rows = chunk
      .map((d) => ({ d, ...quotaKeys(this.keys.quota, d.owner, d.address) }))
      // One order for every flush: concurrent ones lock rows in the same order.
      .sort((a, b) => (a.d.owner + a.visitor < b.d.owner + b.visitor ? -1 : 1));
    const params: unknown[] = [
      this.config.SEARCH_COUNT_PER_VISITOR_DAY,
      this.config.SEARCH_COUNT_PER_NETWORK_DAY,
      SESSION_SECONDS,
    ];
    const values = rows.map(({ d, visitor, network }) => {
      const at = params.length;
      params.push(
        d.owner,
        d.day,
        `${d.day.slice(0, 7)}-01T00:00:00Z`,
        visitor,
        network,
        d.count,
        d.dayCap,
        d.session,
        d.seen,
      );
      const p = (i: number, type: string) => `$${at + i}::${type}`;
      return `(${p(1, 'text')}, ${p(2, 'date')}, ${p(3, 'timestamptz')}, ${p(4, 'text')}, ${p(5, 'text')}, ${p(
        6,
        'int',
      )}, ${p(7, 'int')}, ${p(8, 'text')}, ${p(9, 'timestamptz')})`;
    });
    const tally = (kind: string, from: string, key: string, count: string, order: string) => `
      INSERT INTO "search"."quota_tally" AS t ("owner_sub", "day", "kind", "key", "count")
      SELECT "owner", "day", '${kind}', ${key}, ${count} FROM ${from} ORDER BY ${order}
      ON CONFLICT ("owner_sub", "day", "kind", "key") DO UPDATE SET "count" = t."count" + excluded."count"
      RETURNING "owner_sub", "day", "key", "count"`;
    await this.db.query(
      `WITH raw ("owner", "day", "period", "visitor", "network", "n", "dcap", "session", "seen") AS (
         VALUES ${values.join(', ')}),
       r AS (
         SELECT *, row_number() OVER (PARTITION BY "owner", "session" ORDER BY "seen", "visitor") AS "first"
         FROM raw),
       s AS (
         INSERT INTO "search"."quota_sessions" AS q ("owner_sub", "session", "started_at")
         SELECT "owner", "session", "seen" FROM r WHERE "session" IS NOT NULL AND "first" = 1 ORDER BY 1, 2
         ON CONFLICT ("owner_sub", "session") DO UPDATE SET "started_at" = excluded."started_at"
           WHERE q."started_at" < excluded."started_at" - make_interval(secs => $3::int)
         RETURNING "owner_sub", "session"),
       counts AS (
         SELECT r."owner", r."day", r."period", r."visitor", r."network", r."dcap",
                CASE WHEN r."session" IS NULL THEN r."n" WHEN r."first" = 1 AND s."session" IS NOT NULL THEN 1 ELSE 0 END AS "c"
         FROM r LEFT JOIN s ON s."owner_sub" = r."owner" AND s."session" = r."session"),
       d AS (
         SELECT "owner", "day", "visitor", max("period") AS "period", max("network") AS "network",
                max("dcap") AS "dcap", sum("c")::int AS "n"
         FROM counts GROUP BY "owner", "day", "visitor" HAVING sum("c") > 0),
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

  /** Tallies of days before yesterday, and sessions as old, are no longer read: removed about hourly. */
  private async prune(): Promise<void> {
    const now = this.clock();
    if (now.getTime() - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now.getTime();
    const yesterday = new Date(now.getTime() - 24 * 3600_000).toISOString().slice(0, 10);
    try {
      await this.db.query(`DELETE FROM "search"."quota_tally" WHERE "day" < $1::date`, [yesterday]);
      await this.db.query(`DELETE FROM "search"."quota_sessions" WHERE "started_at" < $1::date`, [yesterday]);
    } catch (error) {
      this.logger.warn(`old quota tallies not removed, trying again later: ${String(error)}`);
    }
  }
}

function deltaKey(day: string, owner: string, address: string, session: string | null): string {
  return `${day}\n${owner}\n${address}\n${session ?? ''}`;
}
