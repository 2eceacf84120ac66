import { Logger } from '@nestjs/common';
import { DataSource, MigrationExecutor, type EntitySchema, type MixedList } from 'typeorm';
import { ensureSchema } from './database';

export interface MigrateOptions {
  url: string;
  /** The schema the service owns; its `migrations` table is there. */
  schema: string;
  /** Migration classes, or file globs of compiled ones (the migrate command). */
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string | EntitySchema>;
  /** How long to wait for the database to answer first. */
  waitSeconds?: number;
}

/**
 * Runs the schema's pending committed migrations, all in one transaction that first takes a lock on
 * the schema: of several processes migrating at once, one runs them and the others wait, then find
 * none pending (the embedded Postgres, one session for every connection, runs one transaction at a
 * time, which keeps the same order). All or nothing: a failing migration leaves the schema as it
 * was. Returns the names of the ones it ran.
 */
export async function migrate(o: MigrateOptions): Promise<string[]> {
  await ensureSchema(o.url, o.schema, o.waitSeconds ?? 0);
  const source = new DataSource({
    type: 'postgres',
    url: o.url,
    schema: o.schema,
    migrations: o.migrations as MixedList<string>,
    migrationsTableName: 'migrations',
    extra: { max: 1 },
  });
  await source.initialize();
  const runner = source.createQueryRunner();
  try {
    await runner.startTransaction();
    try {
      await runner.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`sniff-migrations:${o.schema}`]);
      const executor = new MigrationExecutor(source, runner);
      executor.transaction = 'all';
      const ran = await executor.executePendingMigrations();
      await runner.commitTransaction();
      if (ran.length) new Logger('Migrations').log(`${o.schema}: ran ${ran.map((m) => m.name).join(', ')}`);
      return ran.map((m) => m.name);
    } catch (err) {
      await runner.rollbackTransaction();
      throw err;
    }
  } finally {
    await runner.release();
    await source.destroy();
  }
}
