import { Client } from 'pg';
import type { TypeOrmModuleOptions } from '@nestjs/typeorm';
import type { MixedList, EntitySchema } from 'typeorm';

/** Creates the service's schema before TypeORM looks for its migrations table there. */
export async function ensureSchema(url: string, schema: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, '')}"`);
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
}

/** TypeORM options every service uses: committed migrations run at start, never synchronize. */
export function databaseOptions(o: DatabaseOptions): TypeOrmModuleOptions {
  return {
    type: 'postgres',
    url: o.url,
    schema: o.schema,
    entities: o.entities,
    migrations: o.migrations,
    migrationsTableName: 'migrations',
    migrationsRun: true,
    synchronize: false,
    // Small pools: the embedded Postgres runs one transaction at a time.
    extra: { max: 5 },
  };
}
