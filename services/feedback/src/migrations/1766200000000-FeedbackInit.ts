import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Feedback messages; the index serves the per-owner rate limit and the owner's export and deletion. */
export class FeedbackInit1766200000000 implements MigrationInterface {
  name = 'FeedbackInit1766200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "feedback"."messages" (
        "id" text PRIMARY KEY,
        "owner_sub" text NOT NULL,
        "owner_email" text NOT NULL,
        "text" text NOT NULL,
        "page" text,
        "copy_support" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "sent_at" timestamptz
      )`);
    await q.query(`CREATE INDEX "messages_owner_created" ON "feedback"."messages" ("owner_sub", "created_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "feedback"."messages"`);
  }
}
