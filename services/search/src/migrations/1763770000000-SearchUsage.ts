import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Visitor searches per owner and calendar month (UTC), against the plan's quota. Every search
 * worker adds its own deltas (count = count + delta), so rows are never read-modify-written.
 */
export class SearchUsage1763770000000 implements MigrationInterface {
  name = 'SearchUsage1763770000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "search"."usage" (
        "owner_sub" text NOT NULL,
        "period_start" timestamptz NOT NULL,
        "count" integer NOT NULL,
        PRIMARY KEY ("owner_sub", "period_start")
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "search"."usage"`);
  }
}
