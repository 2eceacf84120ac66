import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A "Connect with Shopify" link works only in the browser that asked for it: the hash of the random
 * value set in that browser's cookie. Links given before (valid 10 minutes) have none and go.
 */
export class ShopifyConnectBrowser1766400001000 implements MigrationInterface {
  name = 'ShopifyConnectBrowser1766400001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "stores"."shopify_connects"`);
    await q.query(`ALTER TABLE "stores"."shopify_connects" ADD COLUMN "browser_hash" text NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "stores"."shopify_connects" DROP COLUMN "browser_hash"`);
  }
}
