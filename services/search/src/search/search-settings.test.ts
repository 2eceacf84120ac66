import type { IndexDocument, SearchSettings, searchSettingsSchema } from '@sniff/contracts';
import type { z } from 'zod';

/** Settings as the stores service sends them (lists left out take their defaults). */
type SettingsInput = z.input<typeof searchSettingsSchema>;
import { asInternal, createTestDatabase, startTestService, testConfig, TestService } from '@sniff/service-kit/testing';
import { SearchAppModule } from '../app.module';

const doc = (id: string, title: string, description = ''): IndexDocument => ({
  id,
  url: `https://barn.example/${id}`,
  title,
  description,
  headings: [],
  body: '',
});

const DOCUMENTS: IndexDocument[] = [
  doc('couch', 'Leather couch', 'A three seat couch in brown leather'),
  doc('laptop-stand', 'Laptop stand', 'An aluminium stand for your laptop'),
  doc('notebook-sleeve', 'Notebook sleeve', 'A felt sleeve for your notebook'),
  doc('guide', 'The buying guide', 'How we choose our wood'),
];

/**
 * Per-store synonyms and stop words on the search service: the internal API the stores service
 * pushes them to, and what visitors then find (the engine applies them at query time).
 */
describe('search settings', () => {
  let db: { url: string; drop(): Promise<void> };
  let svc: TestService;
  let replica: TestService;

  const putDocuments = async (storeId: string, documents = DOCUMENTS) => {
    const res = await fetch(`${svc.url}/internal/stores/${storeId}/documents`, {
      method: 'PUT',
      headers: asInternal(),
      body: JSON.stringify({ documents }),
    });
    expect(res.status).toBe(200);
  };
  const putSettings = (
    storeId: string,
    body: unknown,
    version: number | string,
    base = svc.url,
    headers = asInternal(),
  ) =>
    fetch(`${base}/internal/stores/${storeId}/settings?version=${version}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify(body),
    });
  const save = async (storeId: string, settings: SettingsInput, version: number) => {
    const res = await putSettings(storeId, settings, version);
    expect(res.status).toBe(200);
    return (await res.json()) as { storeId: string; version: number; applied: boolean };
  };
  const held = async (storeId: string) =>
    (await (await fetch(`${svc.url}/internal/stores/${storeId}/settings`, { headers: asInternal() })).json()) as {
      storeId: string;
      version: number;
      settings: SearchSettings;
    };
  const find = async (storeId: string, q: string, base = svc.url) => {
    const res = await fetch(`${base}/v1/stores/${storeId}/search?${new URLSearchParams({ q, limit: '10' })}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { hits: { id: string }[] }).hits.map((h) => h.id);
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    // Every search checks the database (1 ms): a replica is read right after another wrote. Push: store-changes.test.ts.
    const config = { ...testConfig(db.url), SEARCH_REVALIDATE_MS: 1 };
    svc = await startTestService(SearchAppModule.forRoot(config), config);
    replica = await startTestService(SearchAppModule.forRoot(config), config);
  });
  afterAll(async () => {
    await replica?.close();
    await svc?.close();
    await db?.drop();
  });

  it('holds no settings for a store until they are pushed', async () => {
    expect(await held('store-new')).toEqual({
      storeId: 'store-new',
      version: 0,
      settings: { synonyms: [], stopWords: [], hiddenSuggestions: [], allowedSites: [], pins: [] },
    });
  });

  it('takes settings only from sibling services, with a valid body and version', async () => {
    const settings = { synonyms: [], stopWords: ['the'] };
    let res = await putSettings('store-a', settings, 1, svc.url, { 'content-type': 'application/json' });
    expect(res.status).toBe(403);
    expect((await fetch(`${svc.url}/internal/stores/store-a/settings`)).status).toBe(403);
    for (const version of ['0', 'x', '1.5', '']) {
      res = await putSettings('store-a', settings, version);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ field: 'version' });
    }
    res = await putSettings('store-a', { stopWords: ['two words'] }, 1);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      field: 'stopWords.0',
      message: 'stopWords.0: each entry must be a single word of letters or digits',
    });
    res = await putSettings('store-a', { synonyms: [{ kind: 'one-way', from: 'phone', to: [] }] }, 1);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ field: 'synonyms.0.to' });
    expect((await held('store-a')).version).toBe(0);
  });

  it('keeps the newest version when pushes arrive out of order', async () => {
    const newer: SettingsInput = { synonyms: [{ kind: 'two-way', words: ['sofa', 'couch'] }], stopWords: [] };
    const older: SettingsInput = { synonyms: [], stopWords: ['the'] };
    expect(await save('store-order', newer, 3)).toEqual({ storeId: 'store-order', version: 3, applied: true });
    expect(await save('store-order', older, 2)).toEqual({ storeId: 'store-order', version: 2, applied: false });
    expect(await save('store-order', newer, 3)).toMatchObject({ applied: false });
    expect(await held('store-order')).toMatchObject({ version: 3, settings: newer });
  });

  describe('at query time', () => {
    beforeAll(async () => {
      await putDocuments('store-1');
      // Both replicas hold the index (and its empty rules) in memory before any settings exist.
      expect(await find('store-1', 'sofa')).toEqual([]);
      expect(await find('store-1', 'sofa', replica.url)).toEqual([]);
    });

    it('a two-way synonym finds the page from every word of the group, on every replica', async () => {
      await save('store-1', { synonyms: [{ kind: 'two-way', words: ['sofa', 'couch', 'settee'] }], stopWords: [] }, 1);
      expect(await find('store-1', 'sofa')).toContain('couch');
      expect(await find('store-1', 'settee')).toContain('couch');
      // The other replica notices the new settings when it revalidates its cached index.
      expect(await find('store-1', 'sofa', replica.url)).toContain('couch');
    });

    it('a one-way synonym works in its direction only', async () => {
      await save('store-1', { synonyms: [{ kind: 'one-way', from: 'laptop', to: ['notebook'] }], stopWords: [] }, 2);
      for (const base of [svc.url, replica.url]) {
        expect(await find('store-1', 'laptop', base)).toEqual(
          expect.arrayContaining(['laptop-stand', 'notebook-sleeve']),
        );
        const notebook = await find('store-1', 'notebook', base);
        expect(notebook).toContain('notebook-sleeve');
        expect(notebook).not.toContain('laptop-stand');
        // The rules were replaced: the sofa group is gone.
        expect(await find('store-1', 'sofa', base)).toEqual([]);
      }
    });

    it('stop words leave the query unless every word is one', async () => {
      expect(await find('store-1', 'the couch')).toContain('guide');
      await save('store-1', { synonyms: [], stopWords: ['the'] }, 3);
      for (const base of [svc.url, replica.url]) {
        expect(await find('store-1', 'the couch', base)).toEqual(['couch']);
        expect(await find('store-1', 'The', base)).toContain('guide');
      }
    });

    it('a re-index keeps the store’s rules', async () => {
      await save('store-1', { synonyms: [{ kind: 'two-way', words: ['sofa', 'couch'] }], stopWords: [] }, 4);
      await putDocuments('store-1', [...DOCUMENTS, doc('armchair', 'Armchair')]);
      expect(await find('store-1', 'sofa')).toContain('couch');
      expect(await find('store-1', 'sofa', replica.url)).toContain('couch');
    });

    it('settings pushed before the first indexing apply once the store is indexed', async () => {
      await save('store-later', { synonyms: [{ kind: 'two-way', words: ['sofa', 'couch'] }], stopWords: [] }, 1);
      expect((await fetch(`${svc.url}/v1/stores/store-later/search?q=sofa`)).status).toBe(404);
      await putDocuments('store-later');
      expect(await find('store-later', 'sofa')).toContain('couch');
      expect(await find('store-later', 'sofa', replica.url)).toContain('couch');
    });
  });

  it('deleting a store deletes its settings', async () => {
    await putDocuments('store-del');
    await save('store-del', { synonyms: [], stopWords: ['the'] }, 1);
    const res = await fetch(`${svc.url}/internal/stores/store-del`, { method: 'DELETE', headers: asInternal() });
    expect(res.status).toBe(200);
    expect(await held('store-del')).toMatchObject({ version: 0, settings: { synonyms: [], stopWords: [] } });
  });
});
