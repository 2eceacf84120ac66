import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Account deletions: one row per owner who asked, the steps done so far (a retried job resumes after
 * them), and the store ids read before the stores went (their analytics go after). A finished row
 * keeps only the owner's id, so a late Stripe event cannot bring the owner's billing rows back.
 */
export class AccountDeletions1766300000000 implements MigrationInterface {
  name = 'AccountDeletions1766300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "billing"."account_deletions" (
        "owner_sub" text PRIMARY KEY,
        "email" text,
        "requested_at" timestamptz NOT NULL DEFAULT now(),
        "finished_at" timestamptz,
        "steps" jsonb NOT NULL DEFAULT '{}'::jsonb,
        "store_ids" jsonb NOT NULL DEFAULT '[]'::jsonb,
        "last_error" text
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "billing"."account_deletions"`);
  }
}
