import { Client } from 'pg';
import { searchResponseSchema } from '@sniff/contracts';
import {
  asInternal,
  createTestDatabase,
  freePorts,
  startTestService,
  testConfig,
  TestService,
} from '@sniff/service-kit/testing';
import { AppModule as BillingModule } from '../../billing/src/app.module';
import { plansOnlyBillingConfig } from '../../billing/src/plans-only-config';
import { AppModule as StoresModule } from '../../stores/src/app.module';
import { storesTestConfig } from '../../stores/src/testing/config';
import { SearchAppModule } from './app.module';
import { SHOP_DOCUMENTS } from './engine/fixtures';

/**
 * AI search end to end: billing says which plans an owner has, stores turns them into the store's rules, and
 * search recalls by meaning only for the store of an owner on Solo Premium AI.
 */
describe('AI search (semantic recall) follows the owner plan', () => {
  const PREMIUM = 'premium-owner';
  const BASIC = 'basic-owner';
  const PREMIUM_STORE = 'st_aisearchpremium00000a';
  const BASIC_STORE = 'st_aisearchbasic0000000a';
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let sql: Client;
  let billing: TestService;
  let stores: TestService;
  let search: TestService;

  const ask = async (storeId: string, q: string) => {
    const res = await fetch(`${search.url}/v1/stores/${storeId}/search?${new URLSearchParams({ q })}`, {
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(res.status).toBe(200);
    return searchResponseSchema.parse(await res.json());
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    const [billingPort, storesPort, searchPort] = await freePorts(3);
    const at = (port: number) => `http://127.0.0.1:${port}`;
    const billingConfig = plansOnlyBillingConfig(
      testConfig(db.url),
      `${PREMIUM}:squarespace_pro_monthly,${BASIC}:squarespace_basic_monthly`,
    );
    billing = await startTestService(BillingModule.forRoot(billingConfig), billingConfig, billingPort);
    const storesConfig = storesTestConfig(testConfig(db.url), {
      BILLING_URL: at(billingPort!),
      SEARCH_URL: at(searchPort!),
      ANALYTICS_URL: 'http://127.0.0.1:9',
      FETCH_ALLOW_ORIGINS: [],
    });
    stores = await startTestService(StoresModule.forRoot(storesConfig), storesConfig, storesPort);
    const searchConfig = {
      ...testConfig(db.url),
      STORES_URL: at(storesPort!),
      BILLING_URL: at(billingPort!),
      FEEDBACK_URL: 'http://127.0.0.1:9',
    };
    search = await startTestService(SearchAppModule.forRoot(searchConfig), searchConfig, searchPort);
    for (const [id, owner] of [
      [PREMIUM_STORE, PREMIUM],
      [BASIC_STORE, BASIC],
    ]) {
      await sql.query(
        `INSERT INTO stores.stores (id, owner_sub, name, url, platform, store_type, status, page_urls)
         VALUES ($1, $2, 'Shop', 'https://shop.example', 'squarespace', 'ecommerce', 'done', '{}')`,
        [id, owner],
      );
      const res = await fetch(`${search.url}/internal/stores/${id}/documents`, {
        method: 'PUT',
        headers: asInternal(),
        body: JSON.stringify({ documents: SHOP_DOCUMENTS }),
      });
      expect(res.status).toBe(200);
    }
  });

  afterAll(async () => {
    for (const s of [search, stores, billing]) await s?.close();
    await sql?.end();
    await db?.drop();
  });

  it('finds the sofa for "couch" on Solo Premium AI, marked as found by meaning, and not on Solo Basic', async () => {
    // The widget mounts first (its blank query): search learns the store's plan then.
    for (const id of [PREMIUM_STORE, BASIC_STORE]) await ask(id, '');
    const premium = await ask(PREMIUM_STORE, 'couch');
    expect(premium.hits.map((h) => [h.id, h.semantic ?? false])).toEqual([
      ['coach', false],
      ['sofa', true],
    ]);
    const basic = await ask(BASIC_STORE, 'couch');
    expect(basic.hits.map((h) => h.id)).toEqual(['coach']);
    expect(basic.hits.some((h) => h.semantic)).toBe(false);
  });

  it("keeps a Premium AI store's document vectors in its snapshot, made when it was indexed", async () => {
    const { rows } = await sql.query(
      `SELECT store_id, position(convert_to('"vectors":', 'UTF8') in snapshot) > 0 AS has
       FROM search.index_snapshots WHERE store_id = ANY($1) ORDER BY store_id`,
      [[PREMIUM_STORE, BASIC_STORE]],
    );
    expect(Object.fromEntries(rows.map((r) => [r.store_id, r.has]))).toEqual({
      [PREMIUM_STORE]: true,
      [BASIC_STORE]: false,
    });
  });
});
