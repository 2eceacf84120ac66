import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Per-store synonyms and stop words, as the stores service last pushed them (with their version). */
export class StoreSettings1763760000000 implements MigrationInterface {
  name = 'StoreSettings1763760000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "search"."store_settings" (
        "store_id" text PRIMARY KEY,
        "settings" jsonb NOT NULL,
        "version" integer NOT NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "search"."store_settings"`);
  }
}
