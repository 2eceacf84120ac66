import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What each visitor address ('v'), network ('n') and owner ('o', key '') added to an owner's usage
 * in a day (UTC), uncapped: the counting caps are applied against these when a worker flushes.
 * Keys are keyed hashes, never addresses. Rows older than yesterday are deleted as they age.
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
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "search"."quota_tally"`);
  }
}
