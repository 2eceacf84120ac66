import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Per-store widget settings saved from the dashboard; `version` counts saves. */
export class WidgetSettings1766100000000 implements MigrationInterface {
  name = 'WidgetSettings1766100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "stores"."widget_settings" (
        "store_id" text PRIMARY KEY REFERENCES "stores"."stores" ("id") ON DELETE CASCADE,
        "settings" jsonb NOT NULL,
        "version" integer NOT NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "stores"."widget_settings"`);
  }
}
