import { DynamicModule, Module } from '@nestjs/common';
import { createServer, Socket, connect, type Server } from 'node:net';
import { HealthModule, serviceDatabase } from './index';
import { createTestDatabase, freePorts, startTestService, testConfig, type TestService } from './testing';

@Module({})
class ProbedModule {
  static forRoot(config: ReturnType<typeof testConfig>): DynamicModule {
    return {
      module: ProbedModule,
      imports: [serviceDatabase(config, { schema: 'health_test', entities: [], migrations: [] }), HealthModule],
    };
  }
}

/** A TCP relay in front of Postgres that the test switches off (refusing and cutting connections) and on. */
function switchableDatabase(target: URL, port: number) {
  let server: Server | null = null;
  const open = new Set<Socket>();
  return {
    url: Object.assign(new URL(target.toString()), { host: `127.0.0.1:${port}` }).toString(),
    up: () =>
      new Promise<void>((resolve) => {
        server = createServer((client) => {
          const upstream = connect(Number(target.port || 5432), target.hostname);
          for (const s of [client, upstream]) {
            open.add(s);
            s.on('close', () => open.delete(s));
            s.on('error', () => undefined);
          }
          client.pipe(upstream).pipe(client);
        });
        server.listen(port, '127.0.0.1', resolve);
      }),
    down: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        if (!server) return resolve();
        server.close(() => resolve());
        server = null;
      }),
  };
}

const status = async (url: string) => (await fetch(url)).status;

describe('liveness and readiness', () => {
  let db: { url: string; drop(): Promise<void> };
  let svc: TestService | undefined;
  let relay: ReturnType<typeof switchableDatabase>;

  beforeAll(async () => {
    db = await createTestDatabase();
    const [port] = await freePorts(1);
    relay = switchableDatabase(new URL(db.url), port!);
  });
  afterAll(async () => {
    await svc?.close();
    await relay.down();
    await db.drop();
  });

  it('waits at start for a database that is not up yet, then stays live while it is gone and ready again when it is back', async () => {
    const config = { ...testConfig(relay.url), DATABASE_WAIT_SECONDS: 30 };
    const starting = startTestService(ProbedModule.forRoot(config), config);
    // Postgres comes up two seconds after the service started: the service waits instead of exiting.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await relay.up();
    svc = await starting;
    expect(await status(`${svc.url}/healthz`)).toBe(200);
    expect(await status(`${svc.url}/readyz`)).toBe(200);

    await relay.down();
    // Live (no restart for a database blink), not ready (no traffic until it is back).
    expect(await status(`${svc.url}/healthz`)).toBe(200);
    const notReady = await fetch(`${svc.url}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toMatchObject({ status: 'error', error: { database: { status: 'down' } } });

    await relay.up();
    let ready = 0;
    for (let i = 0; i < 40 && ready !== 200; i++) {
      ready = await status(`${svc.url}/readyz`);
      if (ready !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(ready).toBe(200);
  }, 60_000);
});
