import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateStores1760000000000 implements MigrationInterface {
  name = 'CreateStores1760000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "stores"."stores" (
        "id" text PRIMARY KEY,
        "owner_sub" text NOT NULL,
        "name" text NOT NULL,
        "nickname" text,
        "url" text NOT NULL,
        "platform" text NOT NULL,
        "store_type" text NOT NULL,
        "status" text NOT NULL CHECK ("status" IN ('queued', 'running', 'done', 'failed')),
        "status_reason" text,
        "page_urls" text[] NOT NULL DEFAULT '{}',
        "pages_indexed" integer NOT NULL DEFAULT 0,
        "job_id" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX "stores_owner_created" ON "stores"."stores" ("owner_sub", "created_at" DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "stores"."stores"`);
  }
}
