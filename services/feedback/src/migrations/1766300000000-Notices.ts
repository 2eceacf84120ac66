import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sniff's notices to owners, one per key (the primary key is what keeps a notice posted twice from
 * being mailed twice); `held_until` marks an attempt in progress, `sent_at` a notice mailed.
 */
export class Notices1766300000000 implements MigrationInterface {
  name = 'Notices1766300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "feedback"."notices" (
        "key" text PRIMARY KEY,
        "owner_sub" text NOT NULL,
        "recipient" text NOT NULL,
        "subject" text NOT NULL,
        "text" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "held_until" timestamptz,
        "sent_at" timestamptz
      )`);
    await q.query(`CREATE INDEX "notices_owner" ON "feedback"."notices" ("owner_sub")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "feedback"."notices"`);
  }
}
