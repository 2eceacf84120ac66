import { Module, type DynamicModule } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { baseServiceConfigSchema, ConfigError, loadConfig } from './config';
import { databaseOptions } from './database';
import { Queue } from './queue';
import { createServiceApp, queueProviders, serviceDatabase } from './service';
import { createTestDatabase, testConfig } from './testing';

const env = { PORT: '0', DATABASE_URL: 'postgres://u@h/db', INTERNAL_TOKEN: 'x'.repeat(16) };

describe('pool sizes (DATABASE_POOL_MAX, QUEUE_POOL_MAX)', () => {
  it('default to 5 and 3, the pools every service had before they were settings', () => {
    const config = loadConfig('svc', baseServiceConfigSchema, env);
    expect([config.DATABASE_POOL_MAX, config.QUEUE_POOL_MAX]).toEqual([5, 3]);
    expect(loadConfig('svc', baseServiceConfigSchema, { ...env, DATABASE_POOL_MAX: '20' }).DATABASE_POOL_MAX).toBe(20);
  });

  it.each([
    ['DATABASE_POOL_MAX', '0'],
    ['DATABASE_POOL_MAX', 'ten'],
    ['QUEUE_POOL_MAX', '2.5'],
    ['QUEUE_POOL_MAX', '1000'],
  ])('stop the service with a message naming %s=%s', (key, value) => {
    const load = () => loadConfig('svc', baseServiceConfigSchema, { ...env, [key]: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(new RegExp(`^svc: invalid configuration\\n  ${key}: `));
  });

  it('size the TypeORM options databaseOptions returns (5 when not given)', () => {
    const o = { url: env.DATABASE_URL, schema: 's', entities: [], migrations: [] };
    expect(databaseOptions(o).extra).toEqual({ max: 5 });
    expect(databaseOptions({ ...o, poolMax: 12 }).extra).toEqual({ max: 12 });
  });

  describe('in a running service', () => {
    let db: { url: string; drop(): Promise<void> };
    let app: INestApplication | undefined;

    beforeAll(async () => {
      db = await createTestDatabase();
    });
    afterAll(async () => {
      await app?.close();
      await db?.drop();
    });

    it("reach the query pool and the queue's pool", async () => {
      const config = { ...testConfig(db.url), DATABASE_POOL_MAX: 7, QUEUE_POOL_MAX: 2 };
      @Module({})
      class PooledModule {
        static forRoot(): DynamicModule {
          return {
            module: PooledModule,
            imports: [serviceDatabase(config, { schema: 'pooled', entities: [], migrations: [] })],
            providers: queueProviders(config),
          };
        }
      }
      app = await createServiceApp(PooledModule.forRoot(), config, 'pooled');
      await app.init();
      const queryPool = (app.get(DataSource).driver as unknown as { master: Pool }).master;
      const boss = await app.get(Queue).client();
      const queuePool = (boss.getDb() as unknown as { pool: Pool }).pool;
      expect([queryPool.options.max, queuePool.options.max]).toEqual([7, 2]);
    });
  });
});
