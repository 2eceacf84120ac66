import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Owners whose stores went with their account (billing's account deletion): no store is created for
 * them again, whatever call arrives late. Only the owner's id and the time are kept.
 */
export class DeletedOwners1766400000000 implements MigrationInterface {
  name = 'DeletedOwners1766400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "stores"."deleted_owners" (
        "owner_sub" text PRIMARY KEY,
        "deleted_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "stores"."deleted_owners"`);
  }
}
