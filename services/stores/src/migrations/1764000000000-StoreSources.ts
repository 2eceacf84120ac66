import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where a store's content comes from (crawl, Squarespace, Shopify CSV or OAuth), its encrypted
 * credential, the progress and outcome of its syncs and when the next one is due; and
 * `source_items`, the last synced item of each key (fingerprint and document), so a re-sync
 * fetches only what changed and a catalogue upload survives a restart before it is indexed; and the
 * pending "Connect with Shopify" requests.
 */
export class StoreSources1764000000000 implements MigrationInterface {
  name = 'StoreSources1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "stores"."stores"
        ADD COLUMN "source" text NOT NULL DEFAULT 'crawl'
          CHECK ("source" IN ('crawl', 'squarespace', 'shopify-csv', 'shopify-oauth')),
        ADD COLUMN "source_config" jsonb NOT NULL DEFAULT '{}',
        ADD COLUMN "credential" text,
        ADD COLUMN "progress_done" integer,
        ADD COLUMN "progress_total" integer,
        ADD COLUMN "skipped" jsonb NOT NULL DEFAULT '[]',
        ADD COLUMN "skipped_count" integer NOT NULL DEFAULT 0,
        ADD COLUMN "last_synced_at" timestamptz,
        ADD COLUMN "next_sync_at" timestamptz,
        ADD COLUMN "sync_requested_at" timestamptz`);
    // Stores indexed before this migration re-sync a day after their last indexing.
    await q.query(`
      UPDATE "stores"."stores" SET "last_synced_at" = "updated_at", "next_sync_at" = "updated_at" + interval '24 hours'
      WHERE "status" = 'done'`);
    await q.query(
      `CREATE INDEX "stores_sync_due" ON "stores"."stores" ("next_sync_at") WHERE "next_sync_at" IS NOT NULL`,
    );
    await q.query(`
      CREATE TABLE "stores"."source_items" (
        "store_id" text NOT NULL REFERENCES "stores"."stores" ("id") ON DELETE CASCADE,
        "key" text NOT NULL,
        "fingerprint" jsonb NOT NULL DEFAULT '{}',
        "document" jsonb NOT NULL,
        PRIMARY KEY ("store_id", "key")
      )`);
    // "Connect with Shopify" between the owner's click and Shopify's callback: the popup carries
    // `ticket` (only its hash is kept) to begin OAuth, Shopify's state (the library's nonce) then
    // finds the row at the callback, which deletes it: each connection completes once.
    await q.query(`
      CREATE TABLE "stores"."shopify_connects" (
        "ticket_hash" text PRIMARY KEY,
        "owner_sub" text NOT NULL,
        "shop" text NOT NULL,
        "store_name" text NOT NULL,
        "store_nickname" text,
        "client_origin" text NOT NULL,
        "nonce" text UNIQUE,
        "expires_at" timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "stores"."shopify_connects"`);
    await q.query(`DROP TABLE "stores"."source_items"`);
    await q.query(`
      ALTER TABLE "stores"."stores"
        DROP COLUMN "source", DROP COLUMN "source_config", DROP COLUMN "credential", DROP COLUMN "progress_done",
        DROP COLUMN "progress_total", DROP COLUMN "skipped", DROP COLUMN "skipped_count",
        DROP COLUMN "last_synced_at", DROP COLUMN "next_sync_at", DROP COLUMN "sync_requested_at"`);
  }
}
