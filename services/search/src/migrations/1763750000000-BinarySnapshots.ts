import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Index snapshots become binary (the Sniff engine's format). Snapshots of the old engine cannot
 * be read by the new one: they are dropped and marked, and each store's index is rebuilt from
 * its documents (kept in "documents") on its first query, so no store loses its search.
 */
export class BinarySnapshots1763750000000 implements MigrationInterface {
  name = 'BinarySnapshots1763750000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "search"."index_snapshots" DROP COLUMN "snapshot"`);
    await q.query(`ALTER TABLE "search"."index_snapshots" ADD COLUMN "snapshot" bytea`);
    await q.query(`UPDATE "search"."index_snapshots" SET "engine" = 'rebuild'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "search"."index_snapshots" DROP COLUMN "snapshot"`);
    await q.query(`ALTER TABLE "search"."index_snapshots" ADD COLUMN "snapshot" text NOT NULL DEFAULT ''`);
    await q.query(`UPDATE "search"."index_snapshots" SET "engine" = 'rebuild'`);
  }
}
