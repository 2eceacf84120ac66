import { asInternal, asOwner, prepareLocalIdp, type LocalIdp } from '@sniff/service-kit/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startStack, type Stack } from '../../fuzz/stack';
import { createStripeClient } from './stripe-client';

/**
 * Delete Account across the real services: the stores, search, analytics and feedback services and the
 * gateway in this process, billing as its own built process (it trusts the identity provider's local
 * certificate, which Node reads only at a process's start), the local identity provider's Management
 * API and the local Stripe provider. The owners' tokens are signed by the stack's own key.
 */

const until = async <T>(check: () => Promise<T | undefined | false>, what: string, ms = 60_000): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

describe('Delete Account', () => {
  let stack: Stack;
  let idp: LocalIdp;
  let tlsDir: string;
  let db: Client;

  beforeAll(async () => {
    tlsDir = mkdtempSync(join(tmpdir(), 'sniff-account-tls-'));
    idp = await prepareLocalIdp({ dir: tlsDir });
    stack = await startStack({
      billing: idp.management,
      billingProcess: { env: { NODE_EXTRA_CA_CERTS: idp.certFile } },
    });
    const databaseUrl = stack.databaseUrl;
    await idp.start(databaseUrl);
    db = new Client({ connectionString: databaseUrl });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await idp?.kill();
    await stack?.close();
    rmSync(tlsDir, { recursive: true, force: true });
  });

  /** An owner's calls through the gateway, with a token for `sub`. */
  async function owner(sub: string) {
    const email = `${sub}@example.com`;
    const bearer = await stack.gateway.bearerFor(sub, email);
    const call = (method: string, path: string, body?: object) =>
      fetch(`${stack.gateway.url}/api/${path}`, {
        method,
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: body ? JSON.stringify({ ...body, email }) : undefined,
      });
    const json = async (method: string, path: string, body?: object) => {
      const res = await call(method, path, body);
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    return { sub, email, call, json };
  }

  /** A store with indexed documents (the widget answers) and a feedback message. */
  async function withData(o: Awaited<ReturnType<typeof owner>>) {
    const { store_id: storeId } = (await o.json('POST', 'stores/saas/create-website', {
      store_url: `https://${o.sub}.example`,
      store_name: `${o.sub} shop`,
      platform: 'custom',
    })) as { store_id: string };
    const documents = [{ id: 'bread', url: `https://${o.sub}.example/bread`, title: 'Bread', body: 'Sourdough bread' }];
    const indexed = await fetch(`${stack.services.search.url}/internal/stores/${storeId}/documents`, {
      method: 'PUT',
      headers: asInternal(),
      body: JSON.stringify({ documents }),
    });
    expect(indexed.status).toBe(200);
    await o.json('POST', 'feedback/feedback/send', { text: `Hello from ${o.sub}`, copySupport: false });
    return storeId;
  }

  /** The store's widget searching on a page of `site` (a store allows its own site, https://<sub>.example). */
  const widgetSearch = (storeId: string, site = 'https://shop.example') =>
    fetch(`${stack.gateway.url}/v1/stores/${storeId}/search?q=bread`, { headers: { origin: site } });
  const deletion = async (o: Awaited<ReturnType<typeof owner>>) =>
    (await o.json('GET', 'billing/account/deletion')) as {
      status: string;
      lastError: string | null;
      steps: { step: string; doneAt: string | null }[];
    };
  const rows = async (sql: string, params: unknown[]) => (await db.query(sql, params)).rows;

  it("refuses a confirmation that is not the owner's e-mail, and starts nothing", async () => {
    const o = await owner('wrong-confirm');
    const storeId = await withData(o);
    const res = await o.call('POST', 'billing/account/deletion', { confirm: 'someone@else.example' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      field: 'confirm',
      message: 'confirm must be the e-mail address you sign in with',
    });
    expect((await deletion(o)).status).toBe('none');
    expect((await widgetSearch(storeId, `https://${o.sub}.example`)).status).toBe(200);
  });

  it('removes the owner from every service, cancels their Stripe subscription, and leaves another owner as is', async () => {
    const leaving = await owner('leaving-owner');
    const staying = await owner('staying-owner');
    const [leavingStore, stayingStore] = [await withData(leaving), await withData(staying)];

    // A paid subscription through checkout, as the owner's browser pays it on the provider's page.
    const { url } = (await leaving.json('POST', 'billing/stripe/checkout-session', {
      plan: 'busniess_starter_monthly',
    })) as { url: string };
    await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        number: '4242424242424242',
        expiry: '12 / 40',
        cvc: '123',
        name: 'Leaving',
      }).toString(),
    });
    await until(
      async () => ((await leaving.json('POST', 'billing/info/user', {})) as { plans: unknown[] }).plans.length > 0,
      'the paid plan',
    );

    // Paid now: the store's weekly zero-result e-mail is switched on (part of the owner's data).
    await leaving.json('POST', 'analytics/alerts/zero-results/update', { storeId: leavingStore, enabled: true });

    const exported = (await leaving.json('GET', 'billing/account/export')) as Record<string, unknown[]> & {
      billing: { subscriptions: unknown[] };
      analytics: { storeId: string; zeroResultAlerts: unknown }[];
    };
    expect(exported.analytics.find((a) => a.storeId === leavingStore)?.zeroResultAlerts).toMatchObject({
      enabled: true,
    });
    expect(JSON.stringify(exported.stores)).toContain(leavingStore);
    expect(JSON.stringify(exported.stores)).not.toContain(stayingStore);
    expect(exported.billing.subscriptions).toHaveLength(1);
    expect(exported.feedback).toHaveLength(1);

    const requested = await leaving.call('POST', 'billing/account/deletion', { confirm: leaving.email.toUpperCase() });
    expect(requested.status).toBe(202);
    expect(await requested.json()).toMatchObject({ status: 'pending' });
    // Revoked at once: the gateway refuses the owner's token (within its poll) for anything but the progress.
    await until(async () => (await leaving.call('GET', 'billing/account/export')).status === 401, 'the revocation');
    const done = await until(async () => {
      const s = await deletion(leaving);
      return s.status === 'done' && s;
    }, 'the deletion');
    expect(done.steps.every((s) => s.doneAt)).toBe(true);

    // The widget stops answering; the other owner's keeps answering.
    expect((await widgetSearch(leavingStore)).status).toBe(404);
    expect((await widgetSearch(stayingStore, `https://${staying.sub}.example`)).status).toBe(200);
    // Stripe: canceled now, not at the period's end.
    const stripe = createStripeClient({ STRIPE_SECRET_KEY: stack.stripe.secretKey, STRIPE_API_URL: stack.stripe.url });
    const customers = await stripe.customers.list({ email: leaving.email });
    const subscriptions = await stripe.subscriptions.list({ customer: customers.data[0]!.id, status: 'all' });
    expect(subscriptions.data.map((s) => s.status)).toEqual(['canceled']);
    // The old token still makes nothing.
    for (const [path, body] of [
      ['stores/saas/create-website', { store_url: 'https://again.example', store_name: 'Again', platform: 'custom' }],
      ['feedback/feedback/send', { text: 'Still here?', copySupport: false }],
      ['billing/stripe/checkout-session', { plan: 'busniess_starter_monthly' }],
    ] as const) {
      const res = await leaving.call('POST', path, body);
      expect({ path, status: res.status }).toEqual({ path, status: 401 });
      expect((await res.json()).message).toBe('This account has been deleted');
    }
    // Nothing is left anywhere, even after the cancellation's webhooks arrive (read from billing itself,
    // as the gateway would call it: the gateway no longer lets the owner's token through).
    await new Promise((r) => setTimeout(r, 1500));
    const afterwards = await fetch(`${stack.services.billing.url}/account/export`, {
      headers: asOwner(leaving.sub, leaving.email),
    });
    expect(afterwards.status).toBe(200);
    const left = (await afterwards.json()) as Record<string, unknown[]> & { billing: Record<string, unknown[]> };
    expect(left).toMatchObject({
      stores: [],
      usage: [],
      analytics: [],
      feedback: [],
      billing: { subscriptions: [], invoices: [] },
    });
    expect(
      await rows(
        `SELECT 1 FROM "billing"."subscriptions" WHERE "owner_sub" = $1 UNION ALL SELECT 1 FROM "billing"."customers" WHERE "owner_sub" = $1`,
        [leaving.sub],
      ),
    ).toEqual([]);
    expect(
      await rows(`SELECT "email" FROM "billing"."account_deletions" WHERE "owner_sub" = $1`, [leaving.sub]),
    ).toEqual([{ email: null }]);
    expect(await rows(`SELECT 1 FROM "analytics"."zero_result_alerts" WHERE "owner_sub" = $1`, [leaving.sub])).toEqual(
      [],
    );
    // The other owner keeps everything.
    const kept = (await staying.json('GET', 'billing/account/export')) as Record<string, unknown[]>;
    expect(kept.stores).toHaveLength(1);
    expect(kept.feedback).toHaveLength(1);
  }, 120_000);

  it('resumes after a failed step and a crash of billing, and runs no step twice', async () => {
    const o = await owner('interrupted-owner');
    const storeId = await withData(o);
    await idp.kill();
    expect((await o.call('POST', 'billing/account/deletion', { confirm: o.email })).status).toBe(202);
    // Everything before the sign-in is gone; the sign-in step fails and waits to be retried.
    const stuck = await until(async () => {
      const s = await deletion(o);
      return s.lastError?.startsWith('identity:') && s;
    }, 'the identity step to fail');
    expect(stuck.status).toBe('pending');
    expect(stuck.steps.filter((s) => s.doneAt).map((s) => s.step)).toEqual([
      'subscriptions',
      'stores',
      'analytics',
      'search',
      'feedback',
    ]);
    expect((await widgetSearch(storeId)).status).toBe(404);
    const firstDone = stuck.steps.find((s) => s.step === 'stores')!.doneAt;

    // Billing dies mid-job; it comes back with the identity provider, and the job finishes.
    await stack.billingProcess!.kill('SIGKILL');
    await idp.start(stack.databaseUrl);
    await stack.billingProcess!.start();
    const done = await until(async () => {
      const s = await deletion(o);
      return s.status === 'done' && s;
    }, 'the resumed deletion');
    expect(done.lastError).toBeNull();
    expect(done.steps.find((s) => s.step === 'stores')!.doneAt).toBe(firstDone);
  }, 120_000);
});
