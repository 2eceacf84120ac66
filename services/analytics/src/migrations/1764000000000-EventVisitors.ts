import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Events carry their visitor (a keyed hash, never an address) and the answer they refer to, so a
 * visitor's repeats count once, one visitor adds only so much, and suggestions need several
 * distinct visitors. Events recorded before have neither and never count towards suggestions.
 */
export class EventVisitors1764000000000 implements MigrationInterface {
  name = 'EventVisitors1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "analytics"."search_events" ADD COLUMN "visitor" text, ADD COLUMN "search_key" text`);
    await q.query(
      `CREATE INDEX "search_events_store_visitor_at" ON "analytics"."search_events" ("store_id", "visitor", "at")`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "search_events_one_search_per_answer" ON "analytics"."search_events"
         ("store_id", "visitor", "search_key") WHERE "type" = 'search'`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "search_events_one_click_per_result" ON "analytics"."search_events"
         ("store_id", "visitor", "search_key", "hit_id") WHERE "type" = 'click'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "analytics"."search_events_one_click_per_result"`);
    await q.query(`DROP INDEX "analytics"."search_events_one_search_per_answer"`);
    await q.query(`DROP INDEX "analytics"."search_events_store_visitor_at"`);
    await q.query(`ALTER TABLE "analytics"."search_events" DROP COLUMN "search_key", DROP COLUMN "visitor"`);
  }
}
