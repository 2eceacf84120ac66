import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Pinned answers find a store's pages by URL at query time (a re-index gives them new ids). */
export class DocumentUrls1765000000000 implements MigrationInterface {
  name = 'DocumentUrls1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX "documents_store_url" ON "search"."documents" ("store_id", "url")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "search"."documents_store_url"`);
  }
}
