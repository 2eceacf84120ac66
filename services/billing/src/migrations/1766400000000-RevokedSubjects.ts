import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Subjects revoked by Delete Account, for good: every gateway reads them (by cursor, only new rows)
 * and refuses their tokens. Owners who asked before this table existed are revoked too.
 */
export class RevokedSubjects1766400000000 implements MigrationInterface {
  name = 'RevokedSubjects1766400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "billing"."revoked_subjects" (
        "cursor" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        "owner_sub" text NOT NULL UNIQUE,
        "revoked_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      INSERT INTO "billing"."revoked_subjects" ("owner_sub", "revoked_at")
        SELECT "owner_sub", "requested_at" FROM "billing"."account_deletions" ORDER BY "requested_at", "owner_sub"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "billing"."revoked_subjects"`);
  }
}
