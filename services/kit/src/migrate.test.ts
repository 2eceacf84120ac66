import { DynamicModule, Module } from '@nestjs/common';
import { Client } from 'pg';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrate, serviceDatabase } from './index';
import { createTestDatabase, startTestService, testConfig } from './testing';

/** Creates a table in `schema` and counts its own runs in it: a migration run twice leaves two rows. */
function countedRuns(schema: string) {
  return class CountedRuns1700000000000 implements MigrationInterface {
    name = 'CountedRuns1700000000000';
    async up(q: QueryRunner): Promise<void> {
      await q.query(`CREATE TABLE IF NOT EXISTS "${schema}"."runs" ("at" timestamptz NOT NULL DEFAULT now())`);
      await q.query(`SELECT pg_sleep(0.2)`); // long enough for the other processes to arrive meanwhile
      await q.query(`INSERT INTO "${schema}"."runs" DEFAULT VALUES`);
    }
    async down(q: QueryRunner): Promise<void> {
      await q.query(`DROP TABLE "${schema}"."runs"`);
    }
  };
}

@Module({})
class MigratedModule {
  static forRoot(config: ReturnType<typeof testConfig>): DynamicModule {
    return {
      module: MigratedModule,
      imports: [serviceDatabase(config, { schema: 'migrated', entities: [], migrations: [countedRuns('migrated')] })],
    };
  }
}

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('migrations', () => {
  let db: { url: string; drop(): Promise<void> };
  beforeEach(async () => {
    db = await createTestDatabase();
  });
  afterEach(() => db.drop());

  it('run once when several processes migrate the same schema at the same moment', async () => {
    const runs = await Promise.all(
      [1, 2, 3].map(() => migrate({ url: db.url, schema: 'counted', migrations: [countedRuns('counted')] })),
    );
    expect(runs.flat()).toEqual(['CountedRuns1700000000000']);
    expect(await query(db.url, `SELECT count(*)::int AS n FROM "counted"."runs"`)).toEqual([{ n: 1 }]);
  });

  it('run at a service start unless MIGRATE_ON_START is false (the migrate command runs them instead)', async () => {
    const skipped = { ...testConfig(db.url), MIGRATE_ON_START: false };
    const off = await startTestService(MigratedModule.forRoot(skipped), skipped);
    await off.close();
    expect(await query(db.url, `SELECT to_regclass('"migrated"."runs"') AS t`)).toEqual([{ t: null }]);

    const config = testConfig(db.url);
    const on = await startTestService(MigratedModule.forRoot(config), config);
    await on.close();
    expect(await query(db.url, `SELECT count(*)::int AS n FROM "migrated"."runs"`)).toEqual([{ n: 1 }]);
  });
});
