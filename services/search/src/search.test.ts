import {
  FREE_WIDGET_RULES,
  IndexDocument,
  SEARCH_EVENTS_QUEUE,
  searchResponseSchema,
  SearchResponse,
} from '@sniff/contracts';
import { Queue } from '@sniff/service-kit';
import { asInternal, createTestDatabase, startTestService, testConfig, TestService } from '@sniff/service-kit/testing';
import { DataSource } from 'typeorm';
import { SearchAppModule } from './app.module';
import { SITE_DOCUMENTS } from './engine/fixtures';
import { IndexLifecycle } from './search/index-lifecycle.service';
import { QueryService } from './search/query.service';

describe('search service', () => {
  let db: { url: string; drop(): Promise<void> };
  let svc: TestService;
  let replica: TestService;

  const put = (base: string, storeId: string, documents: IndexDocument[], headers = asInternal()) =>
    fetch(`${base}/internal/stores/${storeId}/documents`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ documents }),
    });
  const searchRaw = (storeId: string, params: Record<string, string>, base = svc.url) =>
    fetch(`${base}/v1/stores/${encodeURIComponent(storeId)}/search?${new URLSearchParams(params)}`);
  const search = async (q: string, storeId = 'store-1', base = svc.url): Promise<SearchResponse> => {
    const res = await searchRaw(storeId, { q }, base);
    expect(res.status).toBe(200);
    return searchResponseSchema.parse(await res.json());
  };
  const ids = async (q: string, storeId = 'store-1', base = svc.url) =>
    (await search(q, storeId, base)).hits.map((h) => h.id);

  beforeAll(async () => {
    db = await createTestDatabase();
    // Every search checks the database (1 ms): a replica is read right after another wrote. Push: store-changes.test.ts.
    const config = { ...testConfig(db.url), SEARCH_REVALIDATE_MS: 1 };
    svc = await startTestService(SearchAppModule.forRoot(config), config);
    replica = await startTestService(SearchAppModule.forRoot(config), config);
    const res = await put(svc.url, 'store-1', SITE_DOCUMENTS);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ storeId: 'store-1', documents: SITE_DOCUMENTS.length });
  });
  afterAll(async () => {
    await replica?.close();
    await svc?.close();
    await db?.drop();
  });

  it('refuses indexing calls without the internal token', async () => {
    const res = await put(svc.url, 'store-x', SITE_DOCUMENTS, { 'content-type': 'application/json' });
    expect(res.status).toBe(403);
    const missing = await searchRaw('store-x', { q: 'pricing' });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a document whose URL or image URL is not http(s), naming the field, and keeps the index', async () => {
    const [first, second] = SITE_DOCUMENTS;
    for (const [documents, field] of [
      [[first!, { ...second!, url: 'javascript:alert(document.cookie)' }], 'documents.1.url'],
      [[{ ...first!, url: 'data:text/html,<script>alert(1)</script>' }], 'documents.0.url'],
      [[{ ...first!, url: '/pricing' }], 'documents.0.url'],
      [[{ ...first!, imageUrl: 'javascript:alert(1)' }], 'documents.0.imageUrl'],
    ] as [IndexDocument[], string][]) {
      const res = await put(svc.url, 'store-1', documents);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ field, message: `${field}: must be an absolute http(s) URL` });
    }
    // Nothing of a refused upload replaced the store's documents.
    expect(await ids('shipping')).toContain('shipping');
  });

  it('takes a whole site in one indexing call, past the 1 MB that other routes read', async () => {
    const documents = Array.from({ length: 100 }, (_, i) => ({
      id: `big-${i}`,
      url: `https://shop.example/big/${i}`,
      title: `Big page ${i}`,
      description: '',
      headings: [],
      body: 'lorem ipsum '.repeat(2000),
    }));
    const res = await put(svc.url, 'store-big', documents); // 2.4 MB
    expect(res.status).toBe(200);
  });

  it('lets an answer be reused for two seconds (browsers, the gateway, a CDN), never an error', async () => {
    const res = await searchRaw('store-1', { q: 'pricing', session: 'q-1' });
    expect(res.headers.get('cache-control')).toBe('public, max-age=2');
    expect((await searchRaw('store-1', { q: 'x', limit: '99' })).headers.get('cache-control')).toBe('no-store');
  });

  it('finds exact words, prefixes and typos, the Pricing page first', async () => {
    expect((await ids('pricing'))[0]).toBe('pricing');
    expect((await ids('pric'))[0]).toBe('pricing');
    expect((await ids('pricng'))[0]).toBe('pricing');
    const res = await search('pricng');
    expect(res.hits[0]).toMatchObject({ title: 'Pricing', url: 'https://shop.example/pricing' });
    // The results are for the corrected word, and the response says so ("Did you mean").
    expect(res.correctedQuery).toBe('pricing');
    expect((await search('pricing')).correctedQuery).toBeUndefined();
    expect(res.tookMs).toBeGreaterThanOrEqual(0);
  });

  it('reports its search time, index cache and quota to Prometheus at /metrics', async () => {
    await search('pricing');
    await search('zzzzqqq');
    const text = await (await fetch(`${svc.url}/metrics`)).text();
    const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? NaN);
    expect(value(/^sniff_search_duration_seconds_count\{[^}]*result="hits"[^}]*\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    expect(value(/^sniff_search_duration_seconds_count\{[^}]*result="none"[^}]*\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    expect(value(/^sniff_index_cache_lookups_total\{[^}]*result="hit"[^}]*\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    expect(value(/^sniff_index_cache_stores\{[^}]*\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    expect(value(/^sniff_index_cache_bytes\{[^}]*\} (\d+)$/m)).toBeGreaterThan(0);
    expect(value(/^sniff_stores_over_quota\{[^}]*\} (\d+)$/m)).toBe(0);
  });

  it('folds diacritics and case', async () => {
    expect(await ids('café')).toContain('cafe');
    expect(await ids('cafe')).toEqual(await ids('CAFÉ'));
  });

  it('prefers pages with all the words of a multi-word query', async () => {
    expect((await ids('free shipping'))[0]).toBe('shipping');
    expect((await ids('coffee grind'))[0]).toBe('blog-coffee');
  });

  it('answers an empty or blank query with no hits', async () => {
    for (const q of ['', '   ']) {
      const res = await search(q);
      expect(res).toMatchObject({ query: q, hits: [], suggestions: [] });
    }
    const res = await fetch(`${svc.url}/v1/stores/store-1/search`);
    expect(res.status).toBe(200);
  });

  it('rejects a query that is too long and a limit out of range, naming the field', async () => {
    let res = await searchRaw('store-1', { q: 'a'.repeat(257) });
    expect(res.status).toBe(400);
    let body = await res.json();
    expect(body).toMatchObject({ statusCode: 400, field: 'q' });
    expect(body.message).toContain('q');
    for (const limit of ['0', '51', 'abc']) {
      res = await searchRaw('store-1', { q: 'pricing', limit });
      expect(res.status).toBe(400);
      body = await res.json();
      expect(body.field).toBe('limit');
      expect(body.message).toContain('limit');
    }
    expect((await searchRaw('store-1', { q: 'a'.repeat(256) })).status).toBe(200);
    for (const descriptionLength of ['-1', '501', '2.5', 'abc']) {
      res = await searchRaw('store-1', { q: 'pricing', descriptionLength });
      expect(res.status).toBe(400);
      body = await res.json();
      expect(body.field).toBe('descriptionLength');
      expect(body.message).toContain('descriptionLength');
    }
  });

  it('cuts descriptions to the length the widget shows, with highlights inside the cut', async () => {
    const whole = (await search('free shiping')).hits[0];
    expect(whole.description.length).toBeGreaterThan(12);
    const res = await searchRaw('store-1', { q: 'free shiping', descriptionLength: '12' });
    const cut = ((await res.json()) as SearchResponse).hits[0];
    expect(cut.id).toBe(whole.id);
    expect(cut.description).toHaveLength(12);
    expect(cut.description.endsWith('…')).toBe(true);
    expect(whole.description.startsWith(cut.description.slice(0, -1))).toBe(true);
    for (const [, e] of cut.highlight.description) expect(e).toBeLessThanOrEqual(11);
    expect(cut.highlight.description).toEqual(
      whole.highlight.description.filter(([s]) => s < 11).map(([s, e]) => [s, Math.min(e, 11)]),
    );
  });

  it('honours the limit', async () => {
    const res = await searchRaw('store-1', { q: 'our', limit: '1' });
    expect((await res.json()).hits).toHaveLength(1);
  });

  it('treats operator characters, emoji, Arabic and control characters as plain text, and refuses a NUL', async () => {
    for (const q of ['& | ! :* <-> " \' `', 'pricing 🔥☕️', 'مرحبا بالعالم', 'pri\u0007cing', '\u202eprice', 'a:*|b']) {
      const res = await searchRaw('store-1', { q });
      expect(res.status).toBe(200);
      expect((await res.json()).query).toBe(q);
    }
    expect((await ids('pricing 🔥☕️'))[0]).toBe('pricing');
    // A NUL is refused everywhere by the services' one rule for text Postgres cannot store.
    const nul = await searchRaw('store-1', { q: 'pri\u0000cing' });
    expect(nul.status).toBe(400);
    expect((await nul.json()).field).toBe('q');
  });

  it('answers 404 for an unknown store', async () => {
    const res = await searchRaw('no-such-store', { q: 'pricing' });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ statusCode: 404, message: 'Store not found' });
    expect((await searchRaw('no-such-store', { q: '' })).status).toBe(404);
  });

  it('says "did you mean" when nothing matches as typed', async () => {
    const res = await search('pricnig plns');
    expect(res.correctedQuery).toBe('pricing plans');
    expect(res.hits[0].id).toBe('pricing');
  });

  it('returns highlight ranges that point at the matched words', async () => {
    const hit = (await search('cafe')).hits.find((h) => h.id === 'cafe')!;
    expect(hit.highlight.title.map(([s, e]) => hit.title.slice(s, e))).toEqual(['Café']);
    const shipping = (await search('free shiping')).hits[0];
    expect(shipping.highlight.title.map(([s, e]) => shipping.title.slice(s, e))).toEqual(['Shipping']);
    expect(shipping.highlight.description.map(([s, e]) => shipping.description.slice(s, e))).toEqual([
      'Free',
      'shipping',
    ]);
  });

  it('suggests completions of the last word', async () => {
    expect((await search('ship')).suggestions).toContain('shipping');
  });

  it('answers the same from a second instance that loads the snapshot', async () => {
    for (const q of ['pricng', 'café', 'free shipping', 'pricnig plns']) {
      const a = await search(q);
      const b = await search(q, 'store-1', replica.url);
      // Each answer has its own time and id: the same answer otherwise.
      expect({ ...b, tookMs: 0, searchId: '' }).toEqual({ ...a, tookMs: 0, searchId: '' });
    }
  });

  it('swaps the index when a store is re-indexed: old results until the new ones are in', async () => {
    await put(svc.url, 'store-swap', SITE_DOCUMENTS);
    expect((await ids('shipping', 'store-swap'))[0]).toBe('shipping');
    expect((await ids('shipping', 'store-swap', replica.url))[0]).toBe('shipping');
    const next: IndexDocument[] = Array.from({ length: 300 }, (_, i) => ({
      id: `faq-${i}`,
      url: `https://shop.example/faq/${i}`,
      title: `Question ${i} about warranty`,
      description: 'Warranty terms explained',
      headings: ['Warranty'],
      body: 'Every product has a two year warranty. '.repeat(20),
    }));
    const reindex = put(svc.url, 'store-swap', next);
    // While the re-index runs, every search sees either the whole old or the whole new index.
    const during = await Promise.all([ids('shipping', 'store-swap'), ids('warranty', 'store-swap')]);
    expect([['shipping'], []]).toContainEqual(during[0].slice(0, 1));
    expect((await reindex).status).toBe(200);
    expect(await ids('shipping', 'store-swap')).toEqual([]);
    expect((await ids('warranty', 'store-swap')).length).toBeGreaterThan(0);
    // The replica notices the newer snapshot too.
    expect(await ids('shipping', 'store-swap', replica.url)).toEqual([]);
    expect((await ids('warranty', 'store-swap', replica.url)).length).toBeGreaterThan(0);
  });

  it('checks a cached index once for all the searches that arrive during the check', async () => {
    const service = replica.app.get(QueryService);
    const ask = (q: string) => service.search({ storeId: 'store-1', q, limit: 5, address: '192.0.2.1' });
    await ask('pricing'); // loaded and cached
    // As when a change to the store was announced: the next searches check the database.
    (await replica.app.get(IndexLifecycle).entryFor('store-1'))!.checkedAt = 0;
    const query = jest.spyOn(replica.app.get(DataSource), 'query');
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => ask('pric')));
      expect(answers.every((a) => a.hits[0]?.id === 'pricing')).toBe(true);
      const checks = query.mock.calls.filter(([sql]) => String(sql).includes('"built_at"'));
      expect(checks).toHaveLength(1);
    } finally {
      query.mockRestore();
    }
  });

  it('rebuilds an index from its documents when its snapshot is missing or of an older engine', async () => {
    await put(svc.url, 'store-old', SITE_DOCUMENTS);
    const db = svc.app.get(DataSource);
    // What the upgrade migration leaves behind: no snapshot, marked for rebuilding.
    await db.query(
      `UPDATE search.index_snapshots SET engine = 'rebuild', snapshot = NULL, built_at = now() WHERE store_id = 'store-old'`,
    );
    expect((await ids('pricng', 'store-old', replica.url))[0]).toBe('pricing');
    const [row] = await db.query(
      `SELECT engine, snapshot IS NOT NULL AS saved FROM search.index_snapshots WHERE store_id = 'store-old'`,
    );
    expect(row).toEqual({ engine: 'sniff', saved: true });
    expect((await ids('pricng', 'store-old'))[0]).toBe('pricing');
  });

  it('rebuilds an index whose snapshot is in an older format of this engine', async () => {
    await put(svc.url, 'store-v2', SITE_DOCUMENTS);
    const db = svc.app.get(DataSource);
    // A v2 snapshot (postings by document, not by impact) must not be read as today's format.
    await db.query(
      `UPDATE search.index_snapshots SET snapshot = convert_to('SNF2 then bytes of the old layout', 'UTF8'),
       built_at = now() WHERE store_id = 'store-v2'`,
    );
    expect((await ids('pric', 'store-v2', replica.url))[0]).toBe('pricing');
    const [row] = await db.query(
      `SELECT convert_from(substring(snapshot from 1 for 4), 'UTF8') AS magic FROM search.index_snapshots WHERE store_id = 'store-v2'`,
    );
    expect(row.magic).toBe('SNF5');
  });

  it('deletes a store with its documents and index', async () => {
    await put(svc.url, 'store-del', SITE_DOCUMENTS);
    expect((await ids('pricing', 'store-del', replica.url))[0]).toBe('pricing');
    const res = await fetch(`${svc.url}/internal/stores/store-del`, { method: 'DELETE', headers: asInternal() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ storeId: 'store-del', deleted: true });
    expect((await searchRaw('store-del', { q: 'pricing' })).status).toBe(404);
    expect((await searchRaw('store-del', { q: 'pricing' }, replica.url)).status).toBe(404);
    const left = await svc.app
      .get(DataSource)
      .query(`SELECT count(*)::int AS n FROM search.documents WHERE store_id = 'store-del'`);
    expect(left[0].n).toBe(0);
  });

  it("answers a widget's blank query (its mount) with the store's widget rules, and no search id", async () => {
    const blank = await search('');
    // No stores service configured: the free plan's rules hold.
    expect(blank).toMatchObject({ hits: [], widget: FREE_WIDGET_RULES });
    expect(blank.searchId).toBeUndefined();
    const typed = await search('pricing');
    expect(typed.widget).toBeUndefined();
    expect(typed.searchId).toEqual(expect.any(String));
  });

  describe('events', () => {
    const post = (storeId: string, body: string, contentType = 'application/json', address = '203.0.113.7') =>
      fetch(`${svc.url}/v1/stores/${storeId}/events`, {
        method: 'POST',
        headers: { 'content-type': contentType, 'x-forwarded-for': address },
        body,
      });
    const queued = async () => {
      const boss = await svc.app.get(Queue).client();
      const jobs = await boss.fetch<Record<string, unknown>>(SEARCH_EVENTS_QUEUE, { batchSize: 50 });
      return jobs.map((j) => j.data).sort((a, b) => String(a.type).localeCompare(String(b.type)));
    };

    it('takes search intents and clicks that a real answer stands behind, with what the answer held', async () => {
      const answer = await search('pricng');
      expect(answer.searchId).toEqual(expect.any(String));
      let res = await post('store-1', JSON.stringify({ type: 'search', query: ' Pricng ', searchId: answer.searchId }));
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ accepted: true });
      // navigator.sendBeacon sends text/plain; the URL recorded is the document's own.
      res = await post(
        'store-1',
        JSON.stringify({ type: 'click', query: 'pricng', searchId: answer.searchId, hitId: 'pricing' }),
        'text/plain;charset=UTF-8',
      );
      expect(await res.json()).toEqual({ accepted: true });

      const events = await queued();
      const visitor = expect.stringMatching(/^[\w-]{22}$/);
      const searchKey = answer.searchId!.split('.')[2];
      expect(events).toEqual([
        {
          storeId: 'store-1',
          type: 'click',
          query: 'pricng',
          resultCount: null,
          hitId: 'pricing',
          url: 'https://shop.example/pricing',
          visitor,
          searchKey,
          at: expect.any(String),
        },
        {
          storeId: 'store-1',
          type: 'search',
          query: 'Pricng',
          resultCount: answer.hits.length,
          hitId: null,
          url: null,
          visitor,
          searchKey,
          at: expect.any(String),
        },
      ]);
      // The same visitor either way; the address itself is not kept.
      expect(events[0]!.visitor).toBe(events[1]!.visitor);
      expect(JSON.stringify(events)).not.toContain('203.0.113.7');
      expect(Math.abs(Date.parse(String(events[0]!.at)) - Date.now())).toBeLessThan(60_000);
    });

    it('drops events no real search of the store stands behind, and queues nothing', async () => {
      const answer = await search('pricing');
      const [at, count, mac] = answer.searchId!.split('.');
      const planted = [
        // A search id that was never issued.
        { type: 'search', query: 'buy cheap pills', searchId: 'lq3x1c.3.AAAAAAAAAAAAAAAAAAAAAA' },
        // A real id, for another query: the result count and query come with the id.
        { type: 'search', query: 'buy cheap pills', searchId: answer.searchId },
        // A real id with its result count raised.
        {
          type: 'search',
          query: 'pricing',
          searchId: `${at}.${(Number.parseInt(count!, 36) + 1000).toString(36)}.${mac}`,
        },
        // A click on something that is not one of the store's documents.
        { type: 'click', query: 'pricing', searchId: answer.searchId, hitId: 'https://evil.example/' },
      ];
      for (const event of planted) {
        const res = await post('store-1', JSON.stringify(event));
        expect(res.status).toBe(202);
        expect(await res.json()).toMatchObject({ accepted: false });
      }
      // A real id of this store, sent for another store.
      let res = await post(
        'store-del',
        JSON.stringify({ type: 'search', query: 'pricing', searchId: answer.searchId }),
      );
      expect(await res.json()).toMatchObject({ accepted: false });
      // An id of a search that found nothing backs no click.
      const none = await search('qqqxxyzzy');
      expect(none.hits).toEqual([]);
      res = await post(
        'store-1',
        JSON.stringify({ type: 'click', query: 'qqqxxyzzy', searchId: none.searchId, hitId: 'pricing' }),
      );
      expect(await res.json()).toMatchObject({ accepted: false });
      expect(await queued()).toEqual([]);
    });

    it('takes only so many events per visitor and minute (SEARCH_EVENTS_PER_MINUTE)', async () => {
      const answer = await search('pricing');
      const event = JSON.stringify({ type: 'search', query: 'pricing', searchId: answer.searchId });
      const outcomes: boolean[] = [];
      for (let i = 0; i < 35; i++)
        outcomes.push((await (await post('store-1', event, undefined, '198.51.100.9')).json()).accepted);
      expect(outcomes.filter(Boolean)).toHaveLength(30);
      // Another visitor is not held back.
      expect((await (await post('store-1', event, undefined, '198.51.100.10')).json()).accepted).toBe(true);
      await queued();
    });

    it("counts the visitor the gateway forwards only from SEARCH_TRUSTED_PROXIES; anyone else is their socket's address", async () => {
      const answer = await search('pricing');
      const event = JSON.stringify({ type: 'search', query: 'pricing', searchId: answer.searchId });
      const from = (base: string, address: string) =>
        fetch(`${base}/v1/stores/store-1/events`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
          body: event,
        }).then(async (res) => ((await res.json()) as { accepted: boolean }).accepted);
      // This test's requests come from loopback, the default trusted proxy (the gateway beside it):
      // 35 forwarded addresses are 35 visitors, none held back.
      const forwarded = [];
      for (let i = 0; i < 35; i++) forwarded.push(await from(svc.url, `192.0.2.${i + 1}`));
      expect(forwarded.filter(Boolean)).toHaveLength(35);
      expect(new Set((await queued()).map((e) => e.visitor)).size).toBe(35);

      // A service that trusts only 10.0.0.1: a loopback caller forging a new address each time is one
      // visitor, and its 31st event in the minute is dropped.
      const config = { ...testConfig(db.url), SEARCH_TRUSTED_PROXIES: ['10.0.0.1'] };
      const strict = await startTestService(SearchAppModule.forRoot(config), config);
      try {
        const forged = [];
        for (let i = 0; i < 35; i++) forged.push(await from(strict.url, `198.18.0.${i + 1}`));
        expect(forged.filter(Boolean)).toHaveLength(30);
        expect(new Set((await queued()).map((e) => e.visitor)).size).toBe(1);
      } finally {
        await strict.close();
      }
    });

    it('rejects a malformed event with a 400 naming the field', async () => {
      const { searchId } = await search('pricing');
      for (const [body, field] of [
        [{ type: 'search', query: '', searchId }, 'query'],
        [{ type: 'search', query: 'pricing' }, 'searchId'],
        [{ type: 'search', query: 'pricing', resultCount: 3 }, 'searchId'],
        [{ type: 'click', query: 'pricing', searchId }, 'hitId'],
      ] as const) {
        const res = await post('store-1', JSON.stringify(body));
        expect(res.status).toBe(400);
        expect((await res.json()).field).toBe(field);
      }
      let res = await post('store-1', '{"type":', 'text/plain');
      expect(res.status).toBe(400);
      res = await post('store-1', JSON.stringify({ type: 'hover' }));
      expect(res.status).toBe(400);
      expect(await queued()).toEqual([]);
    });

    it('answers 400 naming the field for a NUL or a lone surrogate in a query, search id or hit id', async () => {
      const click = { type: 'click', query: 'pricing', searchId: 'x', hitId: 'pricing' };
      for (const [field, value] of [
        ['query', 'pri\u0000cing'],
        ['hitId', '\ud800'],
        ['searchId', 'lq3x1c.3.\u0000'],
      ]) {
        const body = JSON.stringify({ ...click, [field]: value });
        for (const type of ['application/json', 'text/plain;charset=UTF-8']) {
          const res = await post('store-1', body, type);
          expect(res.status).toBe(400);
          expect(await res.json()).toMatchObject({
            message: `${field} must not contain NUL characters or unpaired surrogates`,
            field,
          });
        }
      }
      const res = await post('store-1%00', JSON.stringify(click));
      expect(res.status).toBe(400);
      expect((await res.json()).field).toBe('id');
    });

    it('reads events of up to 16 KB, JSON or text alike, and answers 413 naming the limit past that', async () => {
      const event = (pad: number) =>
        JSON.stringify({ type: 'search', query: 'pricing', searchId: 'x', pad: 'x'.repeat(pad) });
      for (const type of ['application/json', 'text/plain;charset=UTF-8']) {
        // Under the limit the route reads the event (whatever it then makes of the unknown field).
        expect((await post('store-1', event(15 * 1024), type)).status).not.toBe(413);
        const res = await post('store-1', event(16 * 1024), type);
        expect(res.status).toBe(413);
        expect(await res.json()).toEqual({
          statusCode: 413,
          error: 'Payload Too Large',
          message: 'Request body is larger than 16 KB, the limit of this route',
        });
      }
    });
  });
});
