import { Controller, DynamicModule, Get, Module, Param } from '@nestjs/common';
import { createServiceApp, HealthModule, queueProviders, Queue, serviceDatabase } from './index';
import { createTestDatabase, testConfig } from './testing';

@Controller('things')
class ThingsController {
  @Get(':id')
  get(@Param('id') id: string) {
    return { id };
  }
}

@Module({})
class MeteredModule {
  static forRoot(config: ReturnType<typeof testConfig>): DynamicModule {
    return {
      module: MeteredModule,
      imports: [serviceDatabase(config, { schema: 'metered', entities: [], migrations: [] }), HealthModule],
      controllers: [ThingsController],
      providers: queueProviders(config),
    };
  }
}

/** The value of a sample with these labels (any order), or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-z_:]+)\{(.*)\} (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const has = Object.fromEntries([...m[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => has[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('Prometheus metrics at /metrics', () => {
  let db: { url: string; drop(): Promise<void> };
  let app: Awaited<ReturnType<typeof createServiceApp>>;
  let url: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = testConfig(db.url);
    app = await createServiceApp(MeteredModule.forRoot(config), config, 'metered');
    await app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const scrape = async () => {
    const res = await fetch(`${url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  it('counts requests by route pattern and status, never by raw path, beside the process metrics', async () => {
    for (const id of ['a1', 'b2', 'c3']) expect((await fetch(`${url}/things/${id}`)).status).toBe(200);
    expect((await fetch(`${url}/nowhere`)).status).toBe(404);
    const text = await scrape();
    const requests = 'sniff_http_request_duration_seconds_count';
    expect(sample(text, requests, { service: 'metered', method: 'GET', route: '/things/:id', status: '200' })).toBe(3);
    expect(sample(text, requests, { route: 'unmatched', status: '404' })).toBe(1);
    expect(text).not.toMatch(/"\/things\/(a1|b2|c3)"/);
    expect(text).toMatch(/process_cpu_user_seconds_total\{service="metered"\}/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds\{service="metered"\}/);
  });

  it("reports each queue's waiting jobs and the outcomes of the jobs it ran", async () => {
    const queue = app.get(Queue);
    await queue.declare('metered-jobs', { retryLimit: 0 });
    let calls = 0;
    await queue.work<{ fail: boolean }>('metered-jobs', async ({ fail }) => {
      calls++;
      if (fail) throw new Error('boom');
    });
    await queue.send('metered-jobs', { fail: false });
    await queue.send('metered-jobs', { fail: true });
    await queue.send('metered-jobs', { fail: false }, { startAfter: 3600 }); // waits an hour
    for (let i = 0; i < 100 && calls < 2; i++) await new Promise((r) => setTimeout(r, 100));
    const text = await scrape();
    expect(sample(text, 'sniff_jobs_total', { queue: 'metered-jobs', outcome: 'completed' })).toBe(1);
    expect(sample(text, 'sniff_jobs_total', { queue: 'metered-jobs', outcome: 'failed' })).toBe(1);
    expect(sample(text, 'sniff_queue_depth', { queue: 'metered-jobs' })).toBe(1);
  }, 30_000);
});
