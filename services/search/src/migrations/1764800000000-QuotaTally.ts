import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What each visitor address ('v'), network ('n') and owner ('o', key '') added to an owner's usage
 * in a day (UTC), uncapped: the counting caps are applied against these when a worker flushes.
 * Keys are keyed hashes, never addresses. And the widget's query ids already counted, with when:
 * one query's keystrokes count once, whichever workers answered them. Old rows are deleted as they age.
 */
export class QuotaTally1764800000000 implements MigrationInterface {
  name = 'QuotaTally1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "search"."quota_tally" (
        "owner_sub" text NOT NULL,
        "day" date NOT NULL,
        "kind" "char" NOT NULL,
        "key" text NOT NULL,
        "count" integer NOT NULL,
        PRIMARY KEY ("owner_sub", "day", "kind", "key")
      )`);
    await q.query(`CREATE INDEX "quota_tally_day" ON "search"."quota_tally" ("day")`);
    await q.query(`
      CREATE TABLE "search"."quota_sessions" (
        "owner_sub" text NOT NULL,
        "session" text NOT NULL,
        "started_at" timestamptz NOT NULL,
        PRIMARY KEY ("owner_sub", "session")
      )`);
    await q.query(`CREATE INDEX "quota_sessions_started_at" ON "search"."quota_sessions" ("started_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "search"."quota_sessions"`);
    await q.query(`DROP TABLE "search"."quota_tally"`);
  }
}
