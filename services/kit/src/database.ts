import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import type { TypeOrmModuleOptions } from '@nestjs/typeorm';
import type { MixedList, EntitySchema } from 'typeorm';
import { DEFAULT_DATABASE_POOL_MAX } from './config';

/** Postgres errors of a concurrent CREATE: unique_violation, duplicate_object, duplicate_schema. */
export const CONCURRENT_CREATE = new Set(['23505', '42710', '42P06']);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Connects, retrying with a growing pause (up to 5 s) for `waitSeconds` while the server is not
 * up yet (a pod that starts before Postgres, a database restarting), then gives up with the last error.
 */
export async function connectWithRetry(url: string, waitSeconds: number): Promise<Client> {
  const deadline = Date.now() + waitSeconds * 1000;
  const logger = new Logger('Database');
  for (let attempt = 1; ; attempt++) {
    const client = new Client({ connectionString: url });
    try {
      await client.connect();
      return client;
    } catch (err) {
      await client.end().catch(() => undefined);
      const pause = Math.min(250 * 2 ** (attempt - 1), 5000);
      if (Date.now() + pause > deadline) throw err;
      logger.warn(`database not reachable (${(err as Error).message}); trying again in ${pause} ms`);
      await sleep(pause);
    }
  }
}

/** Creates the service's schema before TypeORM looks for its migrations table there. */
export async function ensureSchema(url: string, schema: string, waitSeconds = 0): Promise<void> {
  const client = await connectWithRetry(url, waitSeconds);
  try {
    // IF NOT EXISTS is not safe against a second process creating it at the same moment: take turns.
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`sniff-schema:${schema}`]);
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, '')}"`);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      // Another process created it between our check and our insert (seen through a pooler): it exists.
      if (!CONCURRENT_CREATE.has((err as { code?: string }).code ?? '')) throw err;
    }
  } finally {
    await client.end();
  }
}

export interface DatabaseOptions {
  url: string;
  /** The Postgres schema this service owns; no other service reads it. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  /** Connections in the pool (DATABASE_POOL_MAX); 5 unless given. */
  poolMax?: number;
}

/** TypeORM options every service uses: committed migrations only (run by `migrate`), never synchronize. */
export function databaseOptions(o: DatabaseOptions): TypeOrmModuleOptions {
  return {
    type: 'postgres',
    url: o.url,
    schema: o.schema,
    entities: o.entities,
    migrations: o.migrations,
    migrationsTableName: 'migrations',
    migrationsRun: false,
    synchronize: false,
    extra: { max: o.poolMax ?? DEFAULT_DATABASE_POOL_MAX },
  };
}
