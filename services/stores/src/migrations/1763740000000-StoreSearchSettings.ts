import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-store synonyms and stop words. `version` counts saves; `pushed_version` is the last one the
 * search service confirmed, so a save whose push failed is found again and retried.
 */
export class StoreSearchSettings1763740000000 implements MigrationInterface {
  name = 'StoreSearchSettings1763740000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "stores"."search_settings" (
        "store_id" text PRIMARY KEY REFERENCES "stores"."stores" ("id") ON DELETE CASCADE,
        "settings" jsonb NOT NULL,
        "version" integer NOT NULL,
        "pushed_version" integer NOT NULL DEFAULT 0,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX "search_settings_unpushed" ON "stores"."search_settings" ("store_id") WHERE "pushed_version" < "version"`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "stores"."search_settings"`);
  }
}
