import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { asOwner, createTestDatabase, TestService } from '@sniff/service-kit/testing';
import { startPlansBilling, startStores } from './testing/services';
import { DEMO_SHOP, SHOPIFY_APP, startShopify, type Provider } from './testing/providers';
import { startFixtureSite } from './testing/fixture-site';
import { ownerApi, waitFor } from './testing/owner-api';
import { SearchStub, startAnalyticsStub, startSearchStub } from './testing/search-stub';

jest.setTimeout(90_000);

/** Where the product says it is; Shopify calls back at <PUBLIC>/shopify/callback (the gateway's route). */
const PUBLIC = 'http://localhost:18080';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

interface ListedStore {
  id: string;
  url: string;
  status: string;
  status_reason: string | null;
  pages: number;
  source: string;
  last_synced_at: string | null;
  next_sync_at: string | null;
  catalogue_uploaded_at?: string | null;
}
type Doc = { id: string; title: string; url: string; price?: number; imageUrl?: string; headings: string[] };

const csvOf = (rows: string[]) => ['name,description,price,category,image_url', ...rows].join('\n');

describe('Shopify stores', () => {
  let db: { url: string; drop(): Promise<void> };
  let billing: TestService;
  let stores: TestService;
  let search: SearchStub;
  let analytics: SearchStub;
  let shopify: Provider;

  beforeAll(async () => {
    db = await createTestDatabase();
    search = await startSearchStub();
    analytics = await startAnalyticsStub();
    // Refills fast: the fixture shop's 300 products cost more than one bucket at Shopify's real rate.
    shopify = await startShopify({ restoreRate: 2_000 });
    billing = await startPlansBilling(
      db.url,
      ['csv', 'oauth', 'limits'].map((o) => `${o}:starter`),
    );
    stores = await startStores(db.url, {
      BILLING_URL: billing.url,
      SEARCH_URL: search.url,
      ANALYTICS_URL: analytics.url,
      FETCH_ALLOW_ORIGINS: [shopify.url],
      PUBLIC_URL: PUBLIC,
      SHOPIFY_API_KEY: SHOPIFY_APP.key,
      SHOPIFY_API_SECRET: SHOPIFY_APP.secret,
      SHOPIFY_SHOPS_URL: `${shopify.url}/shops`,
      FETCH_TIMEOUT_MS: 1_500,
      INGEST_RETRY_DELAY_SECONDS: 1,
      INGEST_RETRY_LIMIT: 1,
      SYNC_NOW_INTERVAL_SECONDS: 0,
    });
  });
  afterAll(async () => {
    await stores?.close();
    await billing?.close();
    await search?.close();
    await analytics?.close();
    await shopify?.stop();
    await db?.drop();
  });

  const { post } = ownerApi(() => stores.url);
  const list = (owner: string) => ownerApi(() => stores.url).list<ListedStore>(owner);
  const settled = (owner: string, id: string, after: string | null = null) =>
    waitFor(async () => {
      const s = (await list(owner)).find((x) => x.id === id)!;
      return (s.status === 'done' || s.status === 'failed') && s.last_synced_at !== after && s;
    }, `store ${id} to settle`);
  const lastPut = (id: string) =>
    (
      search.calls.filter((c) => c.method === 'PUT' && c.path === `/internal/stores/${id}/documents`).at(-1)?.body as
        { documents: Doc[] } | undefined
    )?.documents;

  /** The wizard's multipart upload: the fields first, then the file. */
  const upload = (
    owner: string,
    csv: string | Blob,
    fields: Record<string, string> = {},
    filename = 'catalogue.csv',
  ) => {
    const form = new FormData();
    const all = {
      email: `${owner}@example.com`,
      store_name: 'Outfitters',
      store_url: 'Sniff CSV Shop',
      platform: 'shopify',
      ...fields,
    };
    for (const [k, v] of Object.entries(all)) form.append(k, v);
    form.append('csv_file', typeof csv === 'string' ? new Blob([csv], { type: 'text/csv' }) : csv, filename);
    const { 'content-type': _json, ...headers } = asOwner(owner);
    return fetch(`${stores.url}/shopify/create-store-csv/`, { method: 'POST', headers, body: form });
  };

  describe('catalogue upload (CSV)', () => {
    it('needs Shopify Starter', async () => {
      const res = await upload('free-owner', csvOf(['Mug,,1,,']), { email: 'free-owner@example.com' });
      expect(res.status).toBe(403);
      expect((await res.json()).message).toMatch(/needs the Shopify Starter plan/);
    });

    it('refuses what is not a catalogue, with a message, creating nothing', async () => {
      const cases: [Promise<Response>, number, RegExp][] = [
        [
          upload('csv', new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {}, 'catalogue.pdf'),
          400,
          /^Please select a valid CSV file$/,
        ],
        [upload('csv', 'title,cost\nMug,1\n'), 400, /no "name" column and no "Handle" column/],
        [
          upload('csv', csvOf(['Mug,,not a price,,'])),
          400,
          /No product could be imported\. Row 2, price: price must be a number/,
        ],
        [upload('csv', csvOf(['Mug,,1,,']), { email: 'someone-else@example.com' }), 403, /email does not match/],
        [
          upload('csv', csvOf(['Mug,,1,,']), { store_url: '!!!' }),
          400,
          /Invalid Shopify Store Name for URL generation\./,
        ],
        [upload('csv', 'name\n' + 'A very long product name\n'.repeat(600_000)), 413, /larger than 10 MB/],
        [post('/shopify/create-store-csv', 'csv', { store_name: 'x' }), 415, /multipart\/form-data/],
      ];
      for (const [pending, status, message] of cases) {
        const res = await pending;
        expect([res.status, (await res.json()).message]).toEqual([status, expect.stringMatching(message)]);
      }
      expect(await list('csv')).toEqual([]);
    });

    it('refuses a broken form within a second, with a 4xx naming the problem, creating nothing', async () => {
      // Forms written byte by byte, as no browser would send them.
      const B = 'sniff-boundary';
      const field = (name: string, value: string, type = '') =>
        `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n${type}\r\n${value}\r\n`;
      const fields = (over: Record<string, string> = {}) =>
        Object.entries({ email: 'csv@example.com', store_name: 'Outfitters', store_url: 'Broken Form Shop', ...over })
          .map(([k, v]) => field(k, v))
          .join('') + field('platform', 'shopify');
      const file = `--${B}\r\nContent-Disposition: form-data; name="csv_file"; filename="c.csv"\r\nContent-Type: text/csv\r\n\r\n${csvOf(['Mug,,1,,'])}\r\n`;
      const end = `--${B}--\r\n`;
      const { 'content-type': _json, ...headers } = asOwner('csv');
      const send = (body: string | Buffer) =>
        fetch(`${stores.url}/shopify/create-store-csv/`, {
          method: 'POST',
          headers: { ...headers, 'content-type': `multipart/form-data; boundary=${B}` },
          body: typeof body === 'string' ? body : new Uint8Array(body),
          signal: AbortSignal.timeout(1_000),
        });
      // "a\uD800" in UTF-16: a form part may name its charset, and busboy decodes it.
      const surrogate = Buffer.from([0x61, 0x00, 0x00, 0xd8]).toString('latin1');
      const cases: [string | Buffer, number, string][] = [
        [
          fields({ store_name: 'Out\u0000fitters' }) + file + end,
          400,
          'store_name must not contain NUL characters or unpaired surrogates',
        ],
        [
          Buffer.from(
            fields() +
              field('store_nickname', surrogate, 'Content-Type: text/plain; charset=utf-16le\r\n') +
              file +
              end,
            'latin1',
          ),
          400,
          'store_nickname must not contain NUL characters or unpaired surrogates',
        ],
        [file + fields() + end, 400, 'email must come before the file in the form'],
        [
          fields() + file + field('store_nickname', 'late') + end,
          400,
          'store_nickname must come before the file in the form',
        ],
        [
          fields() + Array.from({ length: 7 }, (_, i) => field(`extra${i}`, 'x')).join('') + file + end,
          413,
          'The form has more than 10 text fields',
        ],
        [fields() + file + file + end, 413, 'The form has more than one file'],
        [
          fields() + file.slice(0, -20),
          400,
          'The form ends before its closing boundary (the upload was cut off). Please try again.',
        ],
        [
          fields().slice(0, -10),
          400,
          'The form ends before its closing boundary (the upload was cut off). Please try again.',
        ],
      ];
      for (const [body, status, message] of cases) {
        const res = await send(body);
        expect([res.status, (await res.json()).message]).toEqual([status, message]);
      }
      expect(await list('csv')).toEqual([]);
    });

    it('imports the good rows, reports the bad ones by row and column, and indexes the products with price and image', async () => {
      const res = await upload(
        'csv',
        csvOf([
          'Trail Running Shoes,"Light, grippy shoes for rough trails",129.00,Footwear,https://cdn.example/shoes.png',
          'Merino Wool Beanie,Warm and soft,$24.50,Hats,',
          ',A row without a name,10,Misc,',
          'Camp Mug,Enamel,abc,Kitchen,',
          'Headlamp,Bright,19.99,Gear,ftp://cdn.example/lamp.png',
          'Dry Bag,Keeps things dry,15,Gear,',
        ]),
      );
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toMatchObject({
        platform: 'shopify',
        store_url: 'https://sniff-csv-shop.myshopify.com',
        imported: 3,
        rejected_count: 3,
      });
      expect(body.rejected).toEqual([
        { row: 4, column: 'name', message: 'name is empty' },
        { row: 5, column: 'price', message: 'price must be a number such as 19.99' },
        { row: 6, column: 'image_url', message: 'image_url must be an absolute http(s) URL' },
      ]);
      const done = await settled('csv', body.store_id);
      expect(done).toMatchObject({ status: 'done', source: 'shopify-csv', pages: 3, next_sync_at: null });
      const shoes = lastPut(body.store_id)!.find((d) => d.title === 'Trail Running Shoes')!;
      expect(shoes).toMatchObject({
        url: 'https://sniff-csv-shop.myshopify.com/products/trail-running-shoes',
        price: 129,
        imageUrl: 'https://cdn.example/shoes.png',
        headings: ['Footwear'],
      });
      // The image is stored, never fetched by Sniff.
      expect(lastPut(body.store_id)!.find((d) => d.title === 'Merino Wool Beanie')!.price).toBe(24.5);
    });

    it("imports Shopify admin's product export as it is: one product per Handle, plain text, price range, drafts listed", async () => {
      const exported = await readFile(join(__dirname, 'testing/shopify-products-export.csv'));
      const res = await upload('limits', new Blob([new Uint8Array(exported)], { type: 'text/csv' }), {
        store_url: 'Shopify Export Shop',
      });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toMatchObject({ imported: 3, rejected_count: 3 });
      expect(body.rejected.map((r: { row: number; column: string }) => [r.row, r.column])).toEqual([
        [14, 'Status'],
        [16, 'Status'],
        [19, 'Published'],
      ]);
      expect(body.rejected[0].message).toBe('"Linen Apron" is a draft in Shopify, so it is not searchable');
      await settled('limits', body.store_id);
      const docs = lastPut(body.store_id)! as (Doc & { description: string; body: string })[];
      expect(docs.map((d) => d.title)).toEqual(['Classic Organic Tee', 'Oak Serving Board, Large', 'Stoneware Mug']);
      expect(docs[0]).toMatchObject({
        url: 'https://shopify-export-shop.myshopify.com/products/classic-organic-tee',
        price: 24,
        description: expect.stringMatching(/^24\.00 – 28\.50 · Our softest tee, in 100% organic cotton & a touch/),
        imageUrl: expect.stringMatching(/tee-front\.jpg/),
      });
      // What visitors read is text: no tag, entity or script of the export reaches the index.
      expect(docs.map((d) => d.description + d.body).join(' ')).not.toMatch(/[<>]|&[a-z#0-9]+;|trackView/);
      await post('/managestores/delete-store', 'limits', { store_id: body.store_id });
    });

    it('refuses an export whose products are all drafts, saying why, creating nothing', async () => {
      const res = await upload(
        'limits',
        'Handle,Title,Body (HTML),Variant Price,Status\napron,Linen Apron,<p>Apron</p>,38.00,draft\n',
        { store_url: 'Draft Only Shop' },
      );
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(
        'No product could be imported. Row 2, Status: "Linen Apron" is a draft in Shopify, so it is not searchable',
      );
      expect(await list('limits')).toEqual([]);
    });

    it('stores image URLs and never fetches them', async () => {
      const images = await startFixtureSite({});
      try {
        const res = await upload('limits', csvOf([`Lantern,Camp light,30,Gear,${images.origin}/lantern.png`]), {
          store_url: 'Image Check Shop',
        });
        const { store_id } = await res.json();
        await settled('limits', store_id);
        expect(lastPut(store_id)![0]!.imageUrl).toBe(`${images.origin}/lantern.png`);
        expect(images.requests).toEqual([]);
        await post('/managestores/delete-store', 'limits', { store_id });
      } finally {
        await images.close();
      }
    });

    it('says the shop already has a store, at check-store and on a second upload', async () => {
      const [store] = await list('csv');
      const check = await post('/shopify/check-store', 'csv', { store_url: 'Sniff CSV Shop' });
      expect(await check.json()).toEqual({ exists: true, store_id: store!.id });
      const again = await upload('csv', csvOf(['Mug,,1,,']));
      expect(again.status).toBe(409);
      expect((await again.json()).message).toBe(
        `A store with URL https://sniff-csv-shop.myshopify.com already exists (ID ${store!.id}). Delete from Manage Stores first.`,
      );
    });
  });

  describe('a new catalogue for a CSV store (Manage)', () => {
    const replace = (owner: string, storeId: string, csv: string, email = `${owner}@example.com`) => {
      const form = new FormData();
      form.append('email', email);
      form.append('store_id', storeId);
      form.append('csv_file', new Blob([csv], { type: 'text/csv' }), 'catalogue.csv');
      const { 'content-type': _json, ...headers } = asOwner(owner);
      return fetch(`${stores.url}/shopify/replace-catalogue`, { method: 'POST', headers, body: form });
    };

    it('keeps the upload time through Sync now, refuses a bad file or another owner, and indexes a new file', async () => {
      const [store] = await list('csv');
      const uploaded = store!.catalogue_uploaded_at!;
      expect(uploaded).toEqual(expect.any(String));
      // Sync now hands the same products again: the catalogue's time is the upload's, not the sync's.
      await post('/managestores/sync-store', 'csv', { store_id: store!.id });
      const synced = await settled('csv', store!.id, store!.last_synced_at);
      expect(synced.catalogue_uploaded_at).toBe(uploaded);

      const cases: [Promise<Response>, number, RegExp][] = [
        [replace('csv', store!.id, csvOf(['Mug,,not a price,,'])), 400, /No product could be imported\. Row 2, price/],
        [replace('csv', store!.id, 'title,cost\nMug,1\n'), 400, /no "name" column/],
        [replace('csv', store!.id, csvOf(['Mug,,1,,']), 'someone-else@example.com'), 403, /email does not match/],
        [replace('limits', store!.id, csvOf(['Mug,,1,,'])), 404, /^Store not found$/],
      ];
      for (const [res, status, message] of cases) {
        const r = await res;
        expect(r.status).toBe(status);
        expect((await r.json()).message).toMatch(message);
      }
      expect((await list('csv'))[0]!.catalogue_uploaded_at).toBe(uploaded);

      const res = await replace(
        'csv',
        store!.id,
        csvOf(['Canvas Tote,Sturdy,18,Bags,', 'Wool Socks,Warm,,Socks,', ',x,1,,']),
      );
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toMatchObject({ store_id: store!.id, status: 'queued', imported: 2, rejected_count: 1 });
      const done = await settled('csv', store!.id, synced.last_synced_at);
      expect(done).toMatchObject({ status: 'done', pages: 2, catalogue_uploaded_at: body.catalogue_uploaded_at });
      expect(done.catalogue_uploaded_at! > uploaded).toBe(true);
      expect(
        lastPut(store!.id)!
          .map((d) => d.title)
          .sort(),
      ).toEqual(['Canvas Tote', 'Wool Socks']);
    });
    it('takes a new file while a sync runs: the running sync is superseded and the new products are indexed', async () => {
      const [store] = await list('csv');
      const before = store!.last_synced_at;
      // The next document upload is held, so the sync of the first file stays running.
      const hold = search.holdNextPut();
      const first = await replace('csv', store!.id, csvOf(['Linen Apron,Washed linen,32,Aprons,']));
      expect(first.status).toBe(200);
      await hold.held;
      expect((await list('csv')).find((s) => s.id === store!.id)!.status).toBe('running');

      const second = await replace(
        'csv',
        store!.id,
        csvOf(['Oak Board,End grain,45,Kitchen,', 'Tea Towel,,9,Kitchen,']),
      );
      expect(second.status).toBe(200);
      expect(await second.json()).toMatchObject({ imported: 2, status: 'queued' });
      // The running sync ends with the first file; the store is not done until the second file is indexed.
      hold.release();
      const done = await settled('csv', store!.id, before);
      expect(done).toMatchObject({ status: 'done', pages: 2 });
      expect(
        lastPut(store!.id)!
          .map((d) => d.title)
          .sort(),
      ).toEqual(['Oak Board', 'Tea Towel']);
      // And a later Sync now hands the second file's products again, not the first's.
      await post('/managestores/sync-store', 'csv', { store_id: store!.id });
      await settled('csv', store!.id, done.last_synced_at);
      expect(
        lastPut(store!.id)!
          .map((d) => d.title)
          .sort(),
      ).toEqual(['Oak Board', 'Tea Towel']);
    });
  });

  describe('Connect with Shopify (OAuth)', () => {
    /** The dashboard asks for a link: the ticket, and the cookie (name=value) its answer sets in the browser. */
    async function connectLink(owner: string, shopName = 'sniff-demo') {
      const res = await post('/shopify/connect', owner, {
        store_name: 'Demo Outfitters',
        store_url: shopName,
        client_origin: PUBLIC,
      });
      expect(res.status).toBe(200);
      const { authorize_url } = (await res.json()) as { authorize_url: string };
      expect(authorize_url).toMatch(new RegExp(`^${PUBLIC}/shopify/auth\\?ticket=`));
      const [setCookie, ...others] = res.headers.getSetCookie();
      expect(others).toEqual([]);
      return {
        ticket: new URL(authorize_url).searchParams.get('ticket')!,
        setCookie: setCookie!,
        browser: setCookie!.split(';')[0]!,
      };
    }
    const openLink = (ticket: string, cookie?: string) =>
      fetch(`${stores.url}/shopify/oauth/begin?ticket=${ticket}`, {
        redirect: 'manual',
        headers: { 'user-agent': BROWSER, ...(cookie ? { cookie } : {}) },
      });

    /** The owner's browser in the popup: begin at Sniff, approve at Shopify, come back to the callback. */
    async function authorize(owner: string, shopName = 'sniff-demo') {
      const { ticket, browser } = await connectLink(owner, shopName);
      const begin = await openLink(ticket, browser);
      expect(begin.status).toBe(302);
      const cookie = begin.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const authorizeAtShop = new URL(begin.headers.get('location')!);
      expect(authorizeAtShop.href).toContain(`${shopify.url}/shops/${shopName}.myshopify.com/admin/oauth/authorize`);
      expect(authorizeAtShop.searchParams.get('scope')).toBe('read_products');
      expect(authorizeAtShop.searchParams.get('redirect_uri')).toBe(`${PUBLIC}/shopify/callback`);
      // Shopify's install page: the owner presses Install.
      const page = await (await fetch(authorizeAtShop)).text();
      const fields = Object.fromEntries(
        [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
          m[1]!,
          m[2]!.replace(/&amp;/g, '&'),
        ]),
      );
      const action = /<form method="post" action="([^"]+)"/.exec(page)![1]!.replace(/&amp;/g, '&');
      const approved = await fetch(new URL(action, authorizeAtShop), {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...fields, decision: 'install' }).toString(),
      });
      const back = new URL(approved.headers.get('location')!);
      expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC}/shopify/callback`);
      return { query: back.search, cookie, ticket, browser };
    }
    const callback = (query: string, cookie: string) =>
      fetch(`${stores.url}/shopify/oauth/callback${query}`, { headers: { cookie, 'user-agent': BROWSER } });
    /** The result the callback page posts to the wizard. */
    const resultOf = async (res: Response) => {
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('content-security-policy')).toMatch(/script-src 'sha256-/);
      const html = await res.text();
      return JSON.parse(/<script type="application\/json" id="result">(.*?)<\/script>/s.exec(html)![1]!) as {
        message: { success: boolean; store_id?: string; error?: string; store_url_from_callback?: string };
        origin: string;
        fallback: string;
        redirect: boolean;
      };
    };

    it('connects the shop (HMAC and signed state checked), then syncs its active products', async () => {
      const { query, cookie } = await authorize('oauth');
      const result = await resultOf(await callback(query, cookie));
      expect(result.origin).toBe(PUBLIC);
      expect(result.message).toMatchObject({ success: true, store_url_from_callback: `https://${DEMO_SHOP}` });
      expect(result.fallback).toMatch(new RegExp(`^${PUBLIC}/dashboard/create-store\\?oauth_success=true&store_id=`));
      const storeId = result.message.store_id!;
      const done = await settled('oauth', storeId);
      expect(done).toMatchObject({ status: 'done', source: 'shopify-oauth', pages: 300, url: `https://${DEMO_SHOP}` });
      const shoes = lastPut(storeId)!.find((d) => d.title === 'Trail Running Shoes')!;
      expect(shoes).toMatchObject({
        url: `${shopify.url}/shops/${DEMO_SHOP}/products/trail-running-shoes`,
        price: expect.any(Number),
        imageUrl: expect.stringMatching(/\.svg/),
      });
    });

    it('completes each connection once: the same callback again is refused', async () => {
      const { query, cookie } = await authorize('limits');
      expect((await resultOf(await callback(query, cookie))).message.success).toBe(true);
      const replay = await resultOf(await callback(query, cookie));
      expect(replay.message.success).toBe(false);
      expect(replay.fallback).toContain('oauth_error=');
    });

    it('refuses a callback whose HMAC does not match, or that comes without the signed state cookie', async () => {
      const owner = 'oauth';
      const [existing] = await list(owner);
      await post('/managestores/delete-store', owner, { store_id: existing!.id });
      const { query, cookie } = await authorize(owner);
      const forged = query.replace(/code=([^&]+)/, 'code=forged');
      expect((await resultOf(await callback(forged, cookie))).message).toEqual(
        expect.objectContaining({
          success: false,
          error: 'the answer from Shopify could not be verified. Please try again.',
        }),
      );
      expect((await resultOf(await callback(query, ''))).message.error).toMatch(
        /took too long, or this browser blocked/,
      );
      expect(await list(owner)).toEqual([]);
    });

    it('refuses a result origin other than the product, and a ticket used twice', async () => {
      const res = await post('/shopify/connect', 'oauth', {
        store_name: 'x',
        store_url: 'sniff-demo',
        client_origin: 'https://evil.example',
      });
      expect(res.status).toBe(400);
      expect((await res.json()).field).toBe('client_origin');
      const { ticket, browser } = await authorize('oauth');
      expect((await resultOf(await openLink(ticket, browser))).message.error).toMatch(/already used/);
    });

    it('works only in the browser that asked for the link: opened elsewhere it connects nothing', async () => {
      const owner = 'limits';
      const before = await list(owner);
      const { ticket, setCookie, browser } = await connectLink(owner, 'second-demo');
      // HttpOnly, this browser's requests to /shopify only, for the link's 10 minutes (no Secure on http).
      expect(setCookie).toMatch(
        /^sniff_shopify_connect=[\w-]{43}; Path=\/shopify; Max-Age=600; HttpOnly; SameSite=Strict$/,
      );
      // Another browser: without the cookie, or with its own from another link.
      const { browser: otherBrowser } = await connectLink('oauth', 'third-demo');
      for (const cookie of [undefined, otherBrowser, 'sniff_shopify_connect=', `${browser}x`]) {
        const refused = await openLink(ticket, cookie);
        expect(refused.status).toBe(403);
        expect(refused.headers.get('location')).toBeNull();
        expect(refused.headers.getSetCookie()).toEqual([]); // no OAuth state: Shopify's answer could not land
        const page = await resultOf(refused);
        expect(page.message).toEqual({
          type: 'sniff:shopify-oauth',
          success: false,
          error: 'this link works only in the browser that asked for it. Click Connect with Shopify again in Sniff.',
        });
        expect(page).toMatchObject({ redirect: false }); // the page stays; that browser is not sent into a wizard
      }
      // No store was connected (the owner's others may have moved on with their own syncs meanwhile).
      const ids = (stores: { id: string }[]) => stores.map((s) => s.id);
      expect(ids(await list(owner))).toEqual(ids(before));
      // The owner's own browser still can; its cookie is cleared once used.
      const begin = await openLink(ticket, browser);
      expect(begin.status).toBe(302);
      expect(begin.headers.getSetCookie()).toContain(
        'sniff_shopify_connect=; Path=/shopify; Max-Age=0; HttpOnly; SameSite=Strict',
      );
    });

    it('picks up a product added at the shop after Sync now, waiting out Shopify throttling', async () => {
      const [listed] = await list('limits');
      const store = await settled('limits', listed!.id);
      await shopify.admin('POST', `/shops/${DEMO_SHOP}/products`, { title: 'Packable Down Vest', price: 149 });
      await shopify.fault('throttled', 1, '/graphql.json');
      await shopify.fault('rate-limit', 1, '/graphql.json');
      expect((await post('/managestores/sync-store', 'limits', { store_id: store!.id })).status).toBe(202);
      const synced = await settled('limits', store!.id, store!.last_synced_at);
      expect(synced).toMatchObject({ status: 'done', pages: 301 });
      expect(lastPut(store!.id)!.map((d) => d.title)).toContain('Packable Down Vest');
    });

    it('fails for good, saying what to do, when the shop no longer accepts the token', async () => {
      const [listed] = await list('limits');
      const store = await settled('limits', listed!.id);
      await shopify.admin('POST', '/reset'); // forgets every token, as if the app were removed
      await post('/managestores/sync-store', 'limits', { store_id: store!.id });
      const failed = await waitFor(async () => {
        const s = (await list('limits')).find((x) => x.id === store!.id)!;
        return s.status === 'failed' && s;
      }, 'the sync to fail');
      expect(failed.status).toBe('failed');
      expect(failed.status_reason).toMatch(/no longer accepts Sniff's access to this shop.*Connect the shop again/);
    });
  });
});
