import { IndexDocument, SearchResponse } from '@sniff/contracts';
import { asInternal, createTestDatabase, startTestService, testConfig, TestService } from '@sniff/service-kit/testing';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { DataSource } from 'typeorm';
import { SearchAppModule } from '../app.module';
import { SITE_DOCUMENTS } from '../engine/fixtures';
import { IndexLifecycle } from './index-lifecycle.service';
import { WidgetRules } from './widget-rules';

/** A TCP relay to Postgres that the test can cut and restore: a replica's notices stop and resume. */
class Relay {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('error', () => s.destroy());
        s.on('close', () => this.sockets.delete(s));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  /** Drops every connection and refuses new ones until open() again. */
  async cut(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

async function until<T>(probe: () => Promise<T | undefined | false>, what: string, ms = 10_000): Promise<T> {
  for (const end = Date.now() + ms; ;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const WARRANTY: IndexDocument[] = [
  {
    id: 'warranty',
    url: 'https://shop.example/warranty',
    title: 'Warranty terms',
    description: 'Two years on every product',
    headings: ['Warranty'],
    body: 'Every product has a two year warranty.',
  },
];

/**
 * Freshness by push: replicas that hold a store hear of its changes from Postgres (LISTEN/NOTIFY)
 * and ask the database nothing per search; after a gap in the notices they catch up from one
 * version read. The replicas here never poll (SEARCH_REVALIDATE_MS is 0, the default).
 */
describe('store changes reach every replica by notification', () => {
  let db: { url: string; drop(): Promise<void> };
  let writer: TestService;
  let holder: TestService;
  let relay: Relay;

  const put = (storeId: string, documents: IndexDocument[]) =>
    fetch(`${writer.url}/internal/stores/${storeId}/documents`, {
      method: 'PUT',
      headers: asInternal(),
      body: JSON.stringify({ documents }),
    });
  const ids = async (storeId: string, q: string, base = holder.url) => {
    const res = await fetch(`${base}/v1/stores/${storeId}/search?${new URLSearchParams({ q })}`);
    if (res.status !== 200) return res.status;
    return ((await res.json()) as SearchResponse).hits.map((h) => h.id);
  };
  const finds = (storeId: string, q: string, id: string) => async () => {
    const found = await ids(storeId, q);
    return Array.isArray(found) && found.includes(id);
  };
  const lifecycle = () => holder.app.get(IndexLifecycle);
  const checksDuring = async (run: () => Promise<unknown>) => {
    const query = jest.spyOn(holder.app.get(DataSource), 'query');
    try {
      await run();
      return query.mock.calls.map(([sql]) => String(sql)).filter((sql) => sql.includes('"built_at"'));
    } finally {
      query.mockRestore();
    }
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    const url = new URL(db.url);
    relay = new Relay({ host: url.hostname, port: Number(url.port || 5432) });
    await relay.open();
    const listenUrl = new URL(db.url);
    listenUrl.hostname = '127.0.0.1';
    listenUrl.port = String(relay.port);
    const config = testConfig(db.url);
    writer = await startTestService(SearchAppModule.forRoot(config), config);
    const holderConfig = { ...config, DATABASE_LISTEN_URL: listenUrl.toString() };
    holder = await startTestService(SearchAppModule.forRoot(holderConfig), holderConfig);
  });
  afterAll(async () => {
    await holder?.close();
    await writer?.close();
    await relay?.cut();
    await db?.drop();
  });

  it('answers a held store from memory, asking the database nothing per search', async () => {
    expect((await put('store-m', SITE_DOCUMENTS)).status).toBe(200);
    expect(await ids('store-m', 'pricing')).toContain('pricing');
    // Listening once a notice of another connection came back (the probe each worker sends itself).
    await until(async () => lifecycle().held().listening, 'the holder confirmed as listening');
    // The first search may race the store's own notice (its load then is not kept): search until held.
    await until(
      async () => (await ids('store-m', 'pricing')) && lifecycle().held().stores.includes('store-m'),
      'the holder keeping store-m',
    );
    // Loaded a minute ago: without notices it would be checked again (every 2 s while they do not flow).
    (await lifecycle().entryFor('store-m'))!.checkedAt -= 60_000;
    const checks = await checksDuring(async () => {
      for (let i = 0; i < 20; i++) expect(await ids('store-m', 'pricing')).toContain('pricing');
    });
    expect(checks).toEqual([]);
  });

  it('sees a re-index, new settings and a deletion made by another replica', async () => {
    expect((await put('store-p', SITE_DOCUMENTS)).status).toBe(200);
    expect(await ids('store-p', 'pricing')).toContain('pricing');

    expect((await put('store-p', WARRANTY)).status).toBe(200);
    await until(finds('store-p', 'warranty', 'warranty'), 'the re-index on the holder');
    expect(await ids('store-p', 'pricing')).toEqual([]);

    const saved = await fetch(`${writer.url}/internal/stores/store-p/settings?version=1`, {
      method: 'PUT',
      headers: asInternal(),
      body: JSON.stringify({ synonyms: [{ kind: 'two-way', words: ['guarantee', 'warranty'] }], stopWords: [] }),
    });
    expect(saved.status).toBe(200);
    await until(finds('store-p', 'guarantee', 'warranty'), 'the new synonym on the holder');

    const removed = await fetch(`${writer.url}/internal/stores/store-p`, { method: 'DELETE', headers: asInternal() });
    expect(removed.status).toBe(200);
    await until(async () => (await ids('store-p', 'warranty')) === 404, 'the deletion on the holder');
    expect(lifecycle().held().stores).not.toContain('store-p');
  });

  it('keeps no copy on a replica that indexed a store it does not hold (the owners load it)', async () => {
    expect((await put('store-n', SITE_DOCUMENTS)).status).toBe(200);
    expect(writer.app.get(IndexLifecycle).held().stores).not.toContain('store-n');
    // The first search may race the store's own notice (its load then is not kept): search until held.
    await until(
      async () => (await ids('store-n', 'pricing')) && lifecycle().held().stores.includes('store-n'),
      'the holder keeping store-n',
    );
    expect(writer.app.get(IndexLifecycle).held().stores).not.toContain('store-n');
  });

  it("tells every replica to ask again for a store's widget rules", async () => {
    expect((await put('store-w', SITE_DOCUMENTS)).status).toBe(200);
    const forget = jest.spyOn(holder.app.get(WidgetRules), 'forget');
    try {
      const res = await fetch(`${writer.url}/internal/stores/store-w/widget-rules`, {
        method: 'DELETE',
        headers: asInternal(),
      });
      expect(res.status).toBe(200);
      await until(async () => forget.mock.calls.some(([id]) => id === 'store-w'), 'the holder forgetting the rules');
    } finally {
      forget.mockRestore();
    }
  });

  it('catches up after missing notices, reloading only the stores that changed', async () => {
    expect((await put('store-c', SITE_DOCUMENTS)).status).toBe(200);
    expect((await put('store-u', SITE_DOCUMENTS)).status).toBe(200);
    expect(await ids('store-c', 'pricing')).toContain('pricing');
    expect(await ids('store-u', 'pricing')).toContain('pricing');
    const unchanged = (await lifecycle().entryFor('store-u'))?.index;

    await relay.cut();
    await until(async () => !lifecycle().held().listening, 'the holder to notice the lost connection');
    expect((await put('store-c', WARRANTY)).status).toBe(200); // its notice is lost to the holder

    const query = jest.spyOn(holder.app.get(DataSource), 'query');
    try {
      await relay.open();
      await until(async () => lifecycle().held().listening, 'the holder listening again');
      await until(
        async () => (await lifecycle().entryFor('store-c'))?.index.documentCount === 1,
        'the holder catching up on store-c',
      );
      const versionReads = query.mock.calls.filter(([sql]) => String(sql).includes('= ANY($1)'));
      expect(versionReads).toHaveLength(1);
      expect(versionReads[0]![1]).toEqual([expect.arrayContaining(['store-c', 'store-u'])]);
    } finally {
      query.mockRestore();
    }
    expect((await lifecycle().entryFor('store-u'))?.index).toBe(unchanged);
    const checks = await checksDuring(async () => expect(await ids('store-c', 'warranty')).toContain('warranty'));
    expect(checks).toEqual([]);
  });
});
