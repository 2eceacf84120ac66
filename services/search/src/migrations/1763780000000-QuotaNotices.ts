import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The quota notices (80% and 100% of an owner's monthly searches) already queued, so a search worker
 * that restarts, or another replica, does not queue one again.
 */
export class QuotaNotices1763780000000 implements MigrationInterface {
  name = 'QuotaNotices1763780000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "search"."quota_notices" (
        "owner_sub" text NOT NULL,
        "period_start" timestamptz NOT NULL,
        "threshold" smallint NOT NULL,
        "queued_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("owner_sub", "period_start", "threshold")
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "search"."quota_notices"`);
  }
}
