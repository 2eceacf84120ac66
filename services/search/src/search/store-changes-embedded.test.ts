import { IndexDocument, SearchResponse } from '@sniff/contracts';
import { asInternal, startTestService, testConfig, TestService } from '@sniff/service-kit/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SearchAppModule } from '../app.module';
import { SITE_DOCUMENTS } from '../engine/fixtures';
import { IndexLifecycle } from './index-lifecycle.service';
import { UNHEARD_RECHECK_MS } from './store-changes';

/**
 * `npm start`'s embedded Postgres accepts LISTEN but gives a connection only its own notices: a worker must
 * not take that for listening, or a change another worker wrote would never reach it. There the workers
 * recheck what they hold instead, so a change shows within UNHEARD_RECHECK_MS.
 */
describe('store changes on the embedded Postgres (no notices between connections)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sniff-embedded-changes-'));
  let pg: { url: string; stop(): Promise<void> };
  let writer: TestService;
  let holder: TestService;

  const ids = async (storeId: string, q: string) => {
    const res = await fetch(`${holder.url}/v1/stores/${storeId}/search?${new URLSearchParams({ q })}`);
    return ((await res.json()) as SearchResponse).hits.map((h) => h.id);
  };

  beforeAll(async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { startEmbeddedPostgres } = require('../../../../infra/embedded-postgres.js') as {
      startEmbeddedPostgres(o: object): Promise<{ url: string; stop(): Promise<void> }>;
    };
    pg = await startEmbeddedPostgres({ dataDir, port: 0, childProcess: true });
    const config = testConfig(pg.url);
    writer = await startTestService(SearchAppModule.forRoot(config), config);
    holder = await startTestService(SearchAppModule.forRoot(config), config);
  }, 60_000);
  afterAll(async () => {
    await holder?.close();
    await writer?.close();
    await pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is not taken for listening, and a change made by another worker still shows within the recheck', async () => {
    const put = (documents: IndexDocument[]) =>
      fetch(`${writer.url}/internal/stores/store-e/documents`, {
        method: 'PUT',
        headers: asInternal(),
        body: JSON.stringify({ documents }),
      });
    expect((await put(SITE_DOCUMENTS)).status).toBe(200);
    expect(await ids('store-e', 'pricing')).toContain('pricing');
    // Long enough for a probe notice to come back, were it delivered.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(holder.app.get(IndexLifecycle).held().listening).toBe(false);

    const saved = await fetch(`${writer.url}/internal/stores/store-e/settings?version=1`, {
      method: 'PUT',
      headers: asInternal(),
      body: JSON.stringify({ synonyms: [{ kind: 'one-way', from: 'cost', to: ['pricing'] }], stopWords: [] }),
    });
    expect(saved.status).toBe(200);
    const until = Date.now() + UNHEARD_RECHECK_MS + 3_000;
    let found: string[] = [];
    while (Date.now() < until && !(found = await ids('store-e', 'cost')).includes('pricing')) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(found).toContain('pricing');
  }, 60_000);
});
