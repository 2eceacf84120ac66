import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { OwnerPlans } from '@sniff/service-kit';
import { quotaGrace, type OwnerDeletionCounts, type OwnerUsageExport, type UsageResponse } from '@sniff/contracts';
import { SEARCH_CONFIG, SearchConfig } from '../config';
import { IndexLifecycle } from '../search/index-lifecycle.service';
import { WidgetRules } from '../search/widget-rules';
import { QuotaGate } from './quota-gate';
import { QuotaNotices } from './quota-notices';
import { UsageCounter } from './usage-counter';

/**
 * Every SEARCH_USAGE_FLUSH_MS: adds this worker's counts to the database, then works out which
 * stores this worker knows have used their owner's quota and its grace share (the database
 * totals of all workers, against the plan quota the stores service gave with the widget rules)
 * and hands that set to the QuotaGate the search answers consult. On shutdown it flushes.
 */
@Injectable()
export class UsageService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Usage');
  private timer?: NodeJS.Timeout;
  /** The flush and gate refresh under way, and the one asked for meanwhile (run after it). */
  private running?: Promise<void>;
  private next?: Promise<void>;

  constructor(
    @Inject(SEARCH_CONFIG) private readonly config: SearchConfig,
    private readonly counter: UsageCounter,
    private readonly rules: WidgetRules,
    private readonly gate: QuotaGate,
    private readonly indexes: IndexLifecycle,
    private readonly plans: OwnerPlans,
    private readonly notices: QuotaNotices,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  onModuleInit(): void {
    // A slow database skips timer ticks rather than piling them up.
    this.timer = setInterval(() => {
      if (!this.running) void this.tick();
    }, this.config.SEARCH_USAGE_FLUSH_MS);
    this.timer.unref();
  }

  /** Before the database closes (Nest runs this ahead of the data source's shutdown). */
  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.counter.flush();
  }

  /** POST /usage: the owner's searches this period (every worker's, this one's flushed first), quota and grace. */
  async usage(ownerSub: string): Promise<UsageResponse> {
    const quota = (await this.plans.of(ownerSub)).ent.monthlySearches;
    const { start, end } = this.counter.period();
    await this.counter.flush();
    return {
      used: (await this.counter.totals([ownerSub], start)).get(ownerSub) ?? 0,
      quota,
      grace: quotaGrace(quota),
      periodStart: start.toISOString(),
      periodEnd: end.toISOString(),
    };
  }

  /** Internal (account export): the owner's counted searches per month, this worker's included. */
  async ofOwner(ownerSub: string): Promise<OwnerUsageExport> {
    await this.counter.flush();
    const rows: { period_start: Date; count: number }[] = await this.db.query(
      `SELECT "period_start", "count" FROM "search"."usage" WHERE "owner_sub" = $1 ORDER BY "period_start"`,
      [ownerSub],
    );
    return { usage: rows.map((r) => ({ periodStart: new Date(r.period_start).toISOString(), searches: r.count })) };
  }

  /**
   * Internal (account deletion): removes the owner's usage rows, counting tallies and quota notice
   * records. Counts this worker holds are written first and then forgotten, so a later flush cannot
   * bring a row back. (The owner's stores are gone from search by then: the stores service deletes
   * them first, so nothing new is counted.)
   */
  async deleteOwner(ownerSub: string): Promise<OwnerDeletionCounts> {
    await this.counter.flush();
    this.counter.forget(ownerSub);
    // A DELETE answers [rows, count] through TypeORM.
    const [, usage] = (await this.db.query(`DELETE FROM "search"."usage" WHERE "owner_sub" = $1`, [ownerSub])) as [
      unknown,
      number,
    ];
    await this.db.query(`DELETE FROM "search"."quota_tally" WHERE "owner_sub" = $1`, [ownerSub]);
    await this.db.query(`DELETE FROM "search"."quota_sessions" WHERE "owner_sub" = $1`, [ownerSub]);
    return { deleted: { usage, quotaNotices: await this.notices.deleteOwner(ownerSub) } };
  }

  /**
   * One flush and gate refresh, begun after this call: while one runs, the callers meanwhile share
   * one more run after it (so what they counted before calling is in it).
   */
  tick(): Promise<void> {
    if (!this.running) {
      this.running = this.run().finally(() => (this.running = undefined));
      return this.running;
    }
    return (this.next ??= this.running.then(() => {
      this.next = undefined;
      return this.tick();
    }));
  }

  private async run(): Promise<void> {
    try {
      await this.counter.flush();
      await this.refreshGate();
    } catch (error) {
      this.logger.warn(`quota check failed, the last one holds: ${String(error)}`);
    }
  }

  private async refreshGate(): Promise<void> {
    // Learn, in the background, the owner of every store this worker answers: a widget may have
    // mounted on a sibling worker, and this one must block its searches too.
    for (const storeId of this.indexes.cachedStoreIds()) {
      if (!this.rules.isFresh(storeId)) void this.rules.plan(storeId);
    }
    const { start, end } = this.counter.period();
    const limited = [...this.rules.known()].filter(([, plan]) => plan.monthlySearches !== null);
    const totals = await this.counter.totals([...new Set(limited.map(([, plan]) => plan.owner!))], start);
    // Only flushed, capped counts: a burst this worker has not yet flushed (and capped) must not pause anyone.
    const over = new Set<string>();
    for (const [storeId, { owner, monthlySearches }] of limited) {
      const used = totals.get(owner!) ?? 0;
      const quota = monthlySearches!;
      const grace = quotaGrace(quota)!;
      if (used >= quota + grace) over.add(storeId);
      // The owner hears at 80% and at 100%, once a month each (QuotaNotices remembers, and never rejects);
      // one who jumps past both at once hears the 100% one only.
      const threshold = used >= quota ? 100 : used >= quota * 0.8 ? 80 : null;
      if (threshold) {
        const reached = { ownerSub: owner!, periodStart: start, periodEnd: end, quota, graceSearches: grace };
        void this.notices.reached({ ...reached, threshold, used });
      }
    }
    this.gate.replace(over);
  }
}
