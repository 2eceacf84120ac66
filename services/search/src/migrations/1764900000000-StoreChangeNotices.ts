import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every change to a store's index snapshot or search settings sends a Postgres notice
 * (NOTIFY search_store_changed, the store id) from the writing transaction, delivered when it
 * commits: the search replicas that hold the store refresh it at once, whichever process wrote it
 * and even if that process dies right after (the notice belongs to the commit, not to the writer).
 */
export class StoreChangeNotices1764900000000 implements MigrationInterface {
  name = 'StoreChangeNotices1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION "search"."notify_store_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('search_store_changed', COALESCE(NEW."store_id", OLD."store_id"));
        RETURN NULL;
      END $$`);
    for (const table of ['index_snapshots', 'store_settings']) {
      await q.query(`
        CREATE TRIGGER "${table}_changed" AFTER INSERT OR UPDATE OR DELETE ON "search"."${table}"
        FOR EACH ROW EXECUTE FUNCTION "search"."notify_store_changed"()`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['index_snapshots', 'store_settings']) {
      await q.query(`DROP TRIGGER "${table}_changed" ON "search"."${table}"`);
    }
    await q.query(`DROP FUNCTION "search"."notify_store_changed"()`);
  }
}
