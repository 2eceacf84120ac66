import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SearchInit1760000000000 implements MigrationInterface {
  name = 'SearchInit1760000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "search"."documents" (
        "store_id" text NOT NULL,
        "doc_id" text NOT NULL,
        "url" text NOT NULL,
        "title" text NOT NULL,
        "description" text NOT NULL DEFAULT '',
        "headings" jsonb NOT NULL DEFAULT '[]'::jsonb,
        "body" text NOT NULL DEFAULT '',
        "price" double precision,
        "image_url" text,
        PRIMARY KEY ("store_id", "doc_id")
      )`);
    await q.query(`
      CREATE TABLE "search"."index_snapshots" (
        "store_id" text PRIMARY KEY,
        "engine" text NOT NULL,
        "snapshot" text NOT NULL,
        "doc_count" integer NOT NULL,
        "built_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "search"."index_snapshots"`);
    await q.query(`DROP TABLE "search"."documents"`);
  }
}
