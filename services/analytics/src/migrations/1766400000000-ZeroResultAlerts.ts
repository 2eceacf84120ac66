import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each store's weekly zero-result e-mail setting (off until its owner turns it on). `owner_sub` is the
 * store's owner when it was switched (checked with the stores service): the mail goes to their address.
 * `last_week` is the last ISO week (e.g. 2026-W47) whose mail was queued, so the hourly check queues each
 * week once; the notice key `zero-results:{store}:{week}` makes it one mail whatever happens after.
 */
export class ZeroResultAlerts1766400000000 implements MigrationInterface {
  name = 'ZeroResultAlerts1766400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "analytics"."zero_result_alerts" (
        "store_id" text PRIMARY KEY,
        "owner_sub" text NOT NULL,
        "enabled" boolean NOT NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "last_week" text
      )`);
    await q.query(`CREATE INDEX "zero_result_alerts_owner" ON "analytics"."zero_result_alerts" ("owner_sub")`);
    await q.query(
      `CREATE INDEX "zero_result_alerts_enabled" ON "analytics"."zero_result_alerts" ("store_id") WHERE "enabled"`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "analytics"."zero_result_alerts"`);
  }
}
