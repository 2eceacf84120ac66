import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stores whose events were deleted (the owner deleted the store or the account). An event still in
 * the queue at that moment is dropped when it arrives instead of bringing the store's data back.
 * Store ids are random and never reused.
 */
export class DeletedStores1766200000000 implements MigrationInterface {
  name = 'DeletedStores1766200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "analytics"."deleted_stores" (
        "store_id" text PRIMARY KEY,
        "deleted_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "analytics"."deleted_stores"`);
  }
}
