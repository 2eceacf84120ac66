import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AnalyticsInit1760000000000 implements MigrationInterface {
  name = 'AnalyticsInit1760000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "analytics"."search_events" (
        "id" bigserial PRIMARY KEY,
        "job_id" text NOT NULL UNIQUE,
        "store_id" text NOT NULL,
        "type" text NOT NULL CHECK ("type" IN ('search', 'click')),
        "query" text NOT NULL,
        "normalized_query" text NOT NULL,
        "result_count" integer,
        "hit_id" text,
        "url" text,
        "at" timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX "search_events_store_at" ON "analytics"."search_events" ("store_id", "at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "analytics"."search_events"`);
  }
}
