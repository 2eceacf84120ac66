// Billing on the real `stripe` SDK against the local Stripe stand-in (infra/stripe/server.mjs, run as
// `npm start` runs it), on a real Postgres, over HTTP; the provider's webhooks reach billing for real.
import {
  asOwner,
  createTestDatabase,
  freePorts,
  startNodeProcess,
  startTestService,
  testConfig,
  type RunningProcess,
  TestService,
  TEST_INTERNAL_TOKEN,
} from '@sniff/service-kit/testing';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import type Stripe from 'stripe';
import { PLAN_CATALOGUE } from '@sniff/contracts';
import { AppModule } from './app.module';
import { accountServicesConfigSchema, type BillingConfig } from './config';
import { createStripeClient } from './stripe-client';

const ROOT = join(__dirname, '..', '..', '..');
const PROVIDER = join(ROOT, 'infra', 'stripe', 'server.mjs');
/** The built service, as `npm start` runs it (npm test builds before it tests). */
const BILLING_MAIN = join(__dirname, '..', 'dist', 'main.js');
const SECRET_KEY = `sk_test_${randomBytes(12).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString('hex')}`;
const DAY = 86_400_000;

async function until<T>(check: () => Promise<T | undefined | false>, what: string, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The local provider on `port`, sending its webhooks to billing on `billingPort`, retrying quickly. */
function startProvider(port: number, billingPort: number): Promise<RunningProcess> {
  return startNodeProcess(
    [PROVIDER],
    {
      STRIPE_PROVIDER_PORT: String(port),
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_WEBHOOK_URL: `http://127.0.0.1:${billingPort}/stripe/webhook`,
      STRIPE_PROVIDER_PUBLIC_URL: `http://127.0.0.1:${port}`,
      STRIPE_PROVIDER_RETRY_DELAYS_MS: '200,300,500,1000,1000,1000,1000,1000,1000,1000,1000,1000',
      STRIPE_PROVIDER_DELIVERY_TIMEOUT_MS: '60000',
    },
    'local Stripe provider on',
  );
}

function billingConfig(dbUrl: string, providerPort: number): BillingConfig {
  return {
    ...accountServicesConfigSchema.parse({}),
    ...testConfig(dbUrl),
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: `http://127.0.0.1:${providerPort}`,
    PUBLIC_URL: 'http://localhost:8080',
    BILLING_SEED_PLANS: '',
    // A deletion asked for here is only recorded: its job would reach sibling services this file does not run.
    DELETION_DELAY_SECONDS: 3600,
  };
}

/** Calls of the dashboard (through the gateway, which adds the verified identity) and of the provider. */
function client(billingUrl: () => string, providerUrl: string) {
  const emailOf = (sub: string) => `${sub}@example.com`;
  const post = (path: string, sub: string, body: object) =>
    fetch(`${billingUrl()}${path}`, { method: 'POST', headers: asOwner(sub), body: JSON.stringify(body) });
  const admin = { authorization: `Bearer ${SECRET_KEY}` };
  const c = {
    post,
    checkout: (sub: string, plan: string, email = emailOf(sub)) =>
      post('/stripe/checkout-session', sub, { plan, email }),
    cancelCheckout: (sub: string) => post('/stripe/checkout-session/cancel', sub, { email: emailOf(sub) }),
    plans: async (sub: string) =>
      ((await (await post('/info/user', sub, { email: emailOf(sub) })).json()) as { plans: unknown[] }).plans,
    account: async (sub: string) => {
      const res = await post('/billing/account', sub, { email: emailOf(sub) });
      if (res.status !== 200) throw new Error(`account: ${res.status} ${await res.text()}`);
      return (await res.json()) as {
        subscriptions: Array<Record<string, unknown>>;
        invoices: Array<Record<string, unknown>>;
      };
    },
    /** Fills in the provider's hosted checkout form, as the owner's browser does. */
    pay: (url: string, number: string) =>
      fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ number, expiry: '12 / 40', cvc: '123', name: 'Test Owner' }).toString(),
      }),
    deliveries: async (eventId: string) => {
      const res = await fetch(`${providerUrl}/_provider/deliveries?event=${eventId}`, { headers: admin });
      return ((await res.json()) as { data: Array<{ ok: boolean }> }).data;
    },
    admin: (path: string) => fetch(`${providerUrl}${path}`, { method: 'POST', headers: admin }),
    /** Every webhook the provider has queued was delivered (or given up). */
    delivered: () =>
      until(async () => {
        const res = await fetch(`${providerUrl}/_provider/deliveries`, { headers: admin });
        return ((await res.json()) as { pending: number }).pending === 0;
      }, 'the provider to deliver its webhooks'),
  };
  return c;
}

describe('billing on Stripe (the local provider)', () => {
  let db: { url: string; drop(): Promise<void> };
  let provider: RunningProcess;
  let svc: TestService;
  let stripe: Stripe;
  let pg: Client;
  let api: ReturnType<typeof client>;
  let providerUrl: string;
  const owner = () => `owner-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    db = await createTestDatabase();
    const [billingPort, providerPort] = await freePorts(2);
    provider = await startProvider(providerPort, billingPort);
    providerUrl = `http://127.0.0.1:${providerPort}`;
    const config = billingConfig(db.url, providerPort);
    svc = await startTestService(AppModule.forRoot(config), config, billingPort);
    stripe = createStripeClient(config);
    pg = new Client({ connectionString: db.url });
    await pg.connect();
    api = client(() => svc.url, providerUrl);
  }, 60_000);
  afterAll(async () => {
    await pg?.end();
    await svc?.close();
    await provider?.kill();
    await db?.drop();
  });

  const rows = async (sql: string, params: unknown[] = []) => (await pg.query(sql, params)).rows;
  /** Checkout paid with the success card; resolves once the webhooks granted the plan. */
  const subscribe = async (sub: string, plan = 'busniess_starter_monthly') => {
    const started = (await (await api.checkout(sub, plan)).json()) as { sessionId: string; url: string };
    expect((await api.pay(started.url, '4242 4242 4242 4242')).status).toBe(303);
    await until(async () => (await api.plans(sub)).length === 1, `${plan} for ${sub}`);
    const session = await stripe.checkout.sessions.retrieve(started.sessionId);
    return session.subscription as string;
  };

  it('starts a checkout: the session id and URL, with trial, metadata and return addresses; no plan yet', async () => {
    const sub = owner();
    const res = await api.checkout(sub, 'busniess_starter_monthly');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { sessionId: string; url: string };
    expect(body.url).toBe(`${providerUrl}/c/pay/${body.sessionId}`);
    const session = await stripe.checkout.sessions.retrieve(body.sessionId);
    expect(session).toMatchObject({
      mode: 'subscription',
      status: 'open',
      client_reference_id: sub,
      success_url: 'http://localhost:8080/dashboard?success=true',
      cancel_url: 'http://localhost:8080/dashboard?canceled=true',
      discounts: [],
    });
    const minutesOpen = (session.expires_at * 1000 - Date.now()) / 60_000;
    expect(minutesOpen).toBeGreaterThan(29.9);
    expect(minutesOpen).toBeLessThanOrEqual(31);
    const customer = (await stripe.customers.retrieve(session.customer as string)) as Stripe.Customer;
    expect(customer).toMatchObject({ email: `${sub}@example.com`, metadata: { owner_sub: sub } });

    expect(await api.plans(sub)).toEqual([]);
    expect(await api.account(sub)).toEqual({ subscriptions: [], invoices: [] });
    expect(await rows(`SELECT 1 FROM billing.subscriptions WHERE owner_sub = $1`, [sub])).toEqual([]);
  });

  it('gives the free trial to a first subscription only: an owner who subscribed before pays from the start', async () => {
    const sub = owner();
    const first = await subscribe(sub);
    expect((await api.account(sub)).subscriptions[0]).toMatchObject({ status: 'trialing' });
    await stripe.subscriptions.cancel(first);
    await api.delivered();
    await until(async () => (await api.plans(sub)).length === 0, `${sub}'s plan to end`);
    const again = await subscribe(sub);
    const second = await stripe.subscriptions.retrieve(again);
    expect({ status: second.status, trial_end: second.trial_end }).toEqual({ status: 'active', trial_end: null });
    expect(await api.plans(sub)).toEqual([expect.objectContaining({ plan: 'busniess_starter_monthly' })]);
  });

  it("applies the Shopify Starter coupon at checkout: the price table's $51 less $25 is $26", async () => {
    const res = await api.checkout(owner(), 'starter');
    const session = await stripe.checkout.sessions.retrieve(((await res.json()) as { sessionId: string }).sessionId);
    expect(session.discounts).toEqual([expect.objectContaining({ coupon: 'SNIFF50' })]);
    const starter = PLAN_CATALOGUE.find((c) => c.key === 'shopify-starter')!.monthly!;
    // The first checkout's trial makes the session $0: the price and the coupon give the charge after it.
    const [price] = (await stripe.prices.list({ lookup_keys: ['starter'], active: true })).data;
    const coupon = await stripe.coupons.retrieve('SNIFF50');
    expect(price.unit_amount).toBe(starter.listUsd! * 100);
    expect(price.unit_amount! - coupon.amount_off!).toBe(starter.amountUsd * 100);
  });

  it('refuses an unknown plan, the free plan and another user’s e-mail, naming the problem, creating nothing', async () => {
    const sub = owner();
    const unknown = await api.checkout(sub, 'gold');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ field: 'plan', message: expect.stringMatching(/^plan/) });
    const free = await api.checkout(sub, 'free');
    expect(free.status).toBe(400);
    expect(await free.json()).toMatchObject({ field: 'plan', message: 'The free plan needs no checkout' });
    const other = await api.checkout(sub, 'busniess_starter_monthly', 'someone-else@example.com');
    expect(other.status).toBe(403);
    expect(await other.json()).toMatchObject({ message: 'email does not match the signed-in user' });
    expect(await rows(`SELECT 1 FROM billing.customers WHERE owner_sub = $1`, [sub])).toEqual([]);
    // An owner id longer than Stripe keeps (found by the fuzz suite as a 502 from Stripe).
    const long = `owner-${'x'.repeat(300)}`;
    const tooLong = await api.checkout(long, 'busniess_starter_monthly');
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({
      field: 'sub',
      message: 'sub must be at most 200 characters for checkout',
    });
    expect(await rows(`SELECT 1 FROM billing.customers WHERE owner_sub = $1`, [long])).toEqual([]);
  });

  it('refuses a checkout for another plan while one is open, resumes the same plan, and lets the owner cancel it', async () => {
    const sub = owner();
    const first = (await (await api.checkout(sub, 'busniess_starter_monthly')).json()) as { sessionId: string };
    const again = await api.checkout(sub, 'squarespace_basic_monthly');
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      message: 'A checkout for SaaS Starter (monthly) is already open. Finish it or cancel it first.',
    });
    const [{ stripe_customer_id: customer }] = await rows(
      `SELECT stripe_customer_id FROM billing.customers WHERE owner_sub = $1`,
      [sub],
    );
    // back to the same plan (a closed tab): the same checkout, nothing new
    const resumed = await api.checkout(sub, 'busniess_starter_monthly');
    expect(resumed.status).toBe(200);
    expect(((await resumed.json()) as { sessionId: string }).sessionId).toBe(first.sessionId);
    expect((await stripe.checkout.sessions.list({ customer })).data).toHaveLength(1);
    // Back on the payment page returns with ?canceled=true and the dashboard ends the checkout
    const cancel = await api.cancelCheckout(sub);
    expect(await cancel.json()).toEqual({ canceled: true });
    expect((await stripe.checkout.sessions.retrieve(first.sessionId)).status).toBe('expired');
    expect((await api.checkout(sub, 'squarespace_basic_monthly')).status).toBe(200);
    expect(await api.plans(sub)).toEqual([]);
  });

  it('two cancels at once (a double click, two tabs) both succeed; the checkout ends once', async () => {
    const sub = owner();
    const started = (await (await api.checkout(sub, 'busniess_starter_monthly')).json()) as { sessionId: string };
    const answers = await Promise.all([api.cancelCheckout(sub), api.cancelCheckout(sub), api.cancelCheckout(sub)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await stripe.checkout.sessions.retrieve(started.sessionId)).status).toBe('expired');
  });

  it('subscribes with the success card: the webhooks grant the plan on a 3-day trial, with a $0 paid invoice', async () => {
    const sub = owner();
    const started = (await (await api.checkout(sub, 'busniess_starter_monthly')).json()) as { url: string };
    const paid = await api.pay(started.url, '4242424242424242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('http://localhost:8080/dashboard?success=true');
    await until(async () => (await api.plans(sub)).length > 0, 'the plan');
    expect(await api.plans(sub)).toEqual([{ plan: 'busniess_starter_monthly', platform: 'custom' }]);

    await api.delivered();
    const account = await api.account(sub);
    expect(account.subscriptions).toEqual([
      {
        plan: 'busniess_starter_monthly',
        platform: 'custom',
        status: 'trialing',
        trialEnd: expect.any(String),
        currentPeriodEnd: expect.any(String),
        cancelAtPeriodEnd: false,
        paymentFailed: false,
        source: 'stripe',
      },
    ]);
    const trialEnd = Date.parse(account.subscriptions[0].trialEnd as string);
    expect(Math.abs(trialEnd - (Date.now() + 3 * DAY))).toBeLessThan(5 * 60_000);
    expect(account.invoices).toEqual([
      {
        id: expect.stringMatching(/^in_/),
        date: expect.any(String),
        amountCents: 0,
        currency: 'usd',
        status: 'paid',
        receiptUrl: expect.stringMatching(/^http/),
      },
    ]);
    // The card was typed on the provider's page only: nothing of it is in billing's tables or the provider's log.
    const stored = await rows(
      `SELECT row_to_json(s)::text AS row FROM billing.subscriptions s
       UNION ALL SELECT row_to_json(c)::text FROM billing.customers c
       UNION ALL SELECT row_to_json(e)::text FROM billing.processed_events e`,
    );
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain('4242424242424242');
    expect(provider.output()).not.toContain('4242424242424242');

    // Held now: the same plan, or another paid plan for custom sites, goes through Manage billing.
    for (const plan of ['busniess_starter_monthly', 'busniess_starter_yearly']) {
      const again = await api.checkout(sub, plan);
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({
        message: 'You already have SaaS Starter (monthly). Use Manage billing to change it.',
      });
    }
    const portal = await api.post('/stripe/portal-session', sub, { email: `${sub}@example.com` });
    expect(portal.status).toBe(200);
    expect(((await portal.json()) as { url: string }).url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/p\/session\//);
  });

  it('changes nothing when the card is declined', async () => {
    const sub = owner();
    const started = (await (await api.checkout(sub, 'busniess_starter_monthly')).json()) as { url: string };
    const declined = await api.pay(started.url, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    await api.delivered();
    expect(await api.plans(sub)).toEqual([]);
    expect(await rows(`SELECT 1 FROM billing.subscriptions WHERE owner_sub = $1`, [sub])).toEqual([]);
  });

  it('has no subscription to manage for an owner who never subscribed', async () => {
    const res = await api.post('/stripe/portal-session', owner(), { email: 'x@example.com' });
    expect(res.status).toBe(403);
    const sub = owner();
    const none = await api.post('/stripe/portal-session', sub, { email: `${sub}@example.com` });
    expect(none.status).toBe(409);
    expect(await none.json()).toMatchObject({ message: 'You have no subscription to manage yet.' });
  });

  it('opens no checkout and no portal once the owner asked to delete the account (a call a gateway let through just before)', async () => {
    const sub = owner();
    await subscribe(sub);
    const asked = await api.post('/account/deletion', sub, { confirm: `${sub}@example.com` });
    expect(asked.status).toBe(202);
    // Shopify Starter is another platform's plan, so without the refusal this checkout would open.
    const checkout = await api.checkout(sub, 'starter');
    expect(checkout.status).toBe(403);
    expect(await checkout.json()).toMatchObject({ message: 'This account has been deleted' });
    const portal = await api.post('/stripe/portal-session', sub, { email: `${sub}@example.com` });
    expect(portal.status).toBe(403);
    expect(await portal.json()).toMatchObject({ message: 'This account has been deleted' });
    expect(await rows(`SELECT "open_checkout_session_id" FROM billing.customers WHERE owner_sub = $1`, [sub])).toEqual([
      { open_checkout_session_id: null },
    ]);
  });

  describe('webhooks', () => {
    const send = (payload: string, signature?: string) =>
      fetch(`${svc.url}/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
        body: payload,
      });
    const sign = (payload: string, o: { secret?: string; timestamp?: number } = {}) =>
      stripe.webhooks.generateTestHeaderString({
        payload,
        secret: o.secret ?? WEBHOOK_SECRET,
        timestamp: o.timestamp ?? Math.floor(Date.now() / 1000),
      });
    const event = (type: string, object: object) =>
      JSON.stringify({
        id: `evt_test_${randomBytes(8).toString('hex')}`,
        object: 'event',
        type,
        created: Math.floor(Date.now() / 1000),
        data: { object },
      });
    const stored = async (subscriptionId: string) =>
      (await rows(`SELECT * FROM billing.subscriptions WHERE stripe_subscription_id = $1`, [subscriptionId]))[0] as {
        status: string;
        cancel_at_period_end: boolean;
        updated_at: Date;
      };
    const processed = async (payload: string) =>
      rows(`SELECT event_id FROM billing.processed_events WHERE event_id = $1`, [JSON.parse(payload).id]);

    it('refuses an event with no signature, a wrong one or one signed 6 minutes ago, changing nothing', async () => {
      const sub = owner();
      const id = await subscribe(sub);
      await api.delivered();
      // Canceled at Stripe while this billing heard nothing: a verified event would bring the news.
      await pg.query(`UPDATE billing.subscriptions SET status = 'active' WHERE stripe_subscription_id = $1`, [id]);
      const before = await stored(id);
      const payload = event('customer.subscription.updated', { id, object: 'subscription' });
      const attempts: Array<[string | undefined, RegExp]> = [
        [undefined, /^The Stripe-Signature header is missing$/],
        [sign(payload, { secret: 'whsec_someone_else' }), /^The Stripe-Signature header does not verify: /],
        [sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 360 }), /tolerance/i],
        [sign(payload.replace('subscription.updated', 'subscription.deleted')), /does not verify/],
      ];
      for (const [signature, message] of attempts) {
        const res = await send(payload, signature);
        expect(res.status).toBe(400);
        expect(((await res.json()) as { message: string }).message).toMatch(message);
      }
      expect(await stored(id)).toEqual(before);
      expect(await processed(payload)).toEqual([]);

      const verified = await send(payload, sign(payload));
      expect(verified.status).toBe(200);
      expect(await verified.json()).toEqual({ received: true });
      expect((await stored(id)).status).toBe('trialing');
    });

    it('applies an event delivered twice once', async () => {
      const id = await subscribe(owner());
      await api.delivered();
      const payload = event('customer.subscription.updated', { id, object: 'subscription' });
      expect(await (await send(payload, sign(payload))).json()).toEqual({ received: true });
      const after = await stored(id);
      const again = await send(payload, sign(payload));
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({ received: true, duplicate: true });
      expect(await stored(id)).toEqual(after);
      expect(await processed(payload)).toHaveLength(1);
    });

    it('ends in Stripe’s final state when deleted arrives before an older updated', async () => {
      const sub = owner();
      const id = await subscribe(sub);
      await stripe.subscriptions.update(id, { cancel_at_period_end: true });
      const updatedSnapshot = await stripe.subscriptions.retrieve(id);
      const canceled = await stripe.subscriptions.cancel(id);
      await api.delivered();
      expect((await stored(id)).status).toBe('canceled');
      // The same two events arriving again, newest first (a late retry of the update).
      const deleted = event('customer.subscription.deleted', canceled);
      const updated = event('customer.subscription.updated', updatedSnapshot);
      for (const payload of [deleted, updated]) expect((await send(payload, sign(payload))).status).toBe(200);
      expect(await stored(id)).toMatchObject({ status: 'canceled' });
      expect(await api.plans(sub)).toEqual([]);
      expect((await api.account(sub)).subscriptions[0]).toMatchObject({ status: 'canceled' });
    });

    it('acknowledges event types it does not handle', async () => {
      const payload = event('customer.created', { id: 'cus_x', object: 'customer' });
      const res = await send(payload, sign(payload));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true, ignored: true });
    });
  });

  describe('lifecycle', () => {
    it('keeps the plan after a cancel in the portal until the period ends, then the owner is free', async () => {
      const sub = owner();
      const id = await subscribe(sub);
      const portal = await api.post('/stripe/portal-session', sub, { email: `${sub}@example.com` });
      const { url } = (await portal.json()) as { url: string };
      const cancel = await fetch(`${url}/subscriptions/${id}/cancel`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'confirm=yes', // the portal's confirmation step
      });
      expect(cancel.status).toBe(303);
      await until(
        async () => (await api.account(sub)).subscriptions[0]?.cancelAtPeriodEnd === true,
        'cancelAtPeriodEnd',
      );
      expect((await api.account(sub)).subscriptions[0]).toMatchObject({ status: 'trialing' });
      expect(await api.plans(sub)).toEqual([{ plan: 'busniess_starter_monthly', platform: 'custom' }]);

      expect((await api.admin(`/_provider/subscriptions/${id}/advance`)).status).toBe(200);
      await until(async () => (await api.plans(sub)).length === 0, 'the plan to end');
      expect((await api.account(sub)).subscriptions[0]).toMatchObject({ status: 'canceled' });
    });

    it('switches from monthly to annual in the portal, and the plan changes at once', async () => {
      const sub = owner();
      const id = await subscribe(sub);
      const portal = await api.post('/stripe/portal-session', sub, { email: `${sub}@example.com` });
      const { url } = (await portal.json()) as { url: string };
      const [yearly] = (await stripe.prices.list({ lookup_keys: ['busniess_starter_yearly'] })).data;
      const switched = await fetch(`${url}/subscriptions/${id}/switch`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ price: yearly.id }).toString(),
      });
      expect(switched.status).toBe(303);
      await until(
        async () => ((await api.plans(sub)) as Array<{ plan?: string }>)[0]?.plan === 'busniess_starter_yearly',
        'the annual plan',
      );
      expect(await api.plans(sub)).toEqual([{ plan: 'busniess_starter_yearly', platform: 'custom' }]);
    });

    it('shows a failed renewal and keeps the plan while Stripe retries', async () => {
      const sub = owner();
      const id = await subscribe(sub, 'squarespace_pro_monthly');
      await api.delivered();
      expect((await api.admin(`/_provider/subscriptions/${id}/fail-renewal`)).status).toBe(200);
      await api.delivered();
      const account = await api.account(sub);
      expect(account.subscriptions[0]).toMatchObject({ status: 'past_due', paymentFailed: true });
      expect(account.invoices.map((i) => i.status)).toContain('open');
      expect(await api.plans(sub)).toEqual([{ plan: 'squarespace_pro_monthly', platform: 'squarespace' }]);
    });
  });
});

describe('billing killed while it applies a webhook', () => {
  let db: { url: string; drop(): Promise<void> };
  let provider: RunningProcess;
  let billing: RunningProcess | undefined;
  let pg: Client;
  let stripe: Stripe;
  let api: ReturnType<typeof client>;
  let start: () => Promise<RunningProcess>;

  beforeAll(async () => {
    if (!existsSync(BILLING_MAIN)) throw new Error(`${BILLING_MAIN} is missing: run npm run build first`);
    db = await createTestDatabase();
    const [billingPort, providerPort] = await freePorts(2);
    provider = await startProvider(providerPort, billingPort);
    const config = billingConfig(db.url, providerPort);
    start = () =>
      startNodeProcess(
        [BILLING_MAIN],
        {
          PORT: String(billingPort),
          HOST: '127.0.0.1',
          DATABASE_URL: db.url,
          INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
          LOG_LEVEL: 'log',
          STRIPE_SECRET_KEY: SECRET_KEY,
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_API_URL: config.STRIPE_API_URL as string,
        },
        'listening on',
      );
    billing = await start();
    stripe = createStripeClient(config);
    pg = new Client({ connectionString: db.url });
    await pg.connect();
    api = client(() => `http://127.0.0.1:${billingPort}`, `http://127.0.0.1:${providerPort}`);
  }, 60_000);
  afterAll(async () => {
    await pg?.end();
    await billing?.kill('SIGKILL');
    await provider?.kill();
    await db?.drop();
  });

  it('leaves nothing half done, and the provider’s retry applies the event exactly once', async () => {
    const sub = 'killed-owner';
    const started = (await (await api.checkout(sub, 'busniess_starter_monthly')).json()) as {
      sessionId: string;
      url: string;
    };
    expect((await api.pay(started.url, '4242424242424242')).status).toBe(303);
    await api.delivered();
    const id = (await stripe.checkout.sessions.retrieve(started.sessionId)).subscription as string;
    const state = async () =>
      (await pg.query(`SELECT cancel_at_period_end FROM billing.subscriptions WHERE stripe_subscription_id = $1`, [id]))
        .rows[0] as { cancel_at_period_end: boolean };
    expect(await state()).toEqual({ cancel_at_period_end: false });

    // Hold the subscription's row: billing's handler of the next event stops inside its transaction.
    const holder = new Client({ connectionString: db.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query(`SELECT 1 FROM billing.subscriptions WHERE stripe_subscription_id = $1 FOR UPDATE`, [id]);
    await stripe.subscriptions.update(id, { cancel_at_period_end: true });
    const eventId = (await stripe.events.list({ type: 'customer.subscription.updated', limit: 1 })).data[0].id;
    const blocked = await until(async () => {
      const { rows } = await pg.query(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
           AND query LIKE 'INSERT INTO "billing"."subscriptions"%'`,
      );
      return rows[0] as { pid: number } | undefined;
    }, 'billing to wait inside its transaction');

    await billing!.kill('SIGKILL');
    await holder.query('ROLLBACK');
    await holder.end();
    // Postgres ends the dead client's session and rolls its transaction back.
    await until(
      async () =>
        (await pg.query(`SELECT 1 FROM pg_stat_activity WHERE pid = $1`, [blocked.pid])).rows.length === 0 || undefined,
      'the killed session to end',
    );
    expect(await state()).toEqual({ cancel_at_period_end: false });
    expect((await pg.query(`SELECT 1 FROM billing.processed_events WHERE event_id = $1`, [eventId])).rows).toEqual([]);

    billing = await start();
    await until(async () => (await state()).cancel_at_period_end, 'the retried event to be applied');
    await api.delivered();
    expect((await pg.query(`SELECT 1 FROM billing.processed_events WHERE event_id = $1`, [eventId])).rows).toHaveLength(
      1,
    );
    expect(await api.plans(sub)).toEqual([{ plan: 'busniess_starter_monthly', platform: 'custom' }]);
    // The provider tried while billing was held and killed, then again once it was back.
    const attempts = await api.deliveries(eventId);
    expect(attempts.length).toBeGreaterThan(1);
    expect(attempts.filter((a) => a.ok)).toHaveLength(1);
  }, 60_000);
});
