import {
  asInternal,
  asOwner,
  createTestDatabase,
  startTestService,
  testConfig,
  TestService,
} from '@sniff/service-kit/testing';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { CreateSubscriptions1760000000000 } from './migrations/1760000000000-CreateSubscriptions';
import { billingConfigSchema, parseSeedPlans, type BillingConfig } from './config';
import { plansOnlyBillingConfig } from './plans-only-config';

/** Config for tests that never reach Stripe (nothing listens at the API address). */
const stripeFree = (url: string): BillingConfig => plansOnlyBillingConfig(testConfig(url), '');

describe('billing service', () => {
  let db: { url: string; drop(): Promise<void> };
  let svc: TestService;

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = {
      ...stripeFree(db.url),
      BILLING_SEED_PLANS: 'demo-owner:busniess_starter_monthly, shop-owner:starter',
    };
    svc = await startTestService(AppModule.forRoot(config), config);
  });
  afterAll(async () => {
    await svc?.close();
    await db?.drop();
  });

  const userInfo = (sub: string, body: object = { email: `${sub}@example.com` }) =>
    fetch(`${svc.url}/info/user`, { method: 'POST', headers: asOwner(sub), body: JSON.stringify(body) });

  it('gives a seeded owner their plan', async () => {
    const res = await userInfo('demo-owner');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ plans: [{ plan: 'busniess_starter_monthly', platform: 'custom' }] });
  });

  it('derives the platform from the plan', async () => {
    expect(await (await userInfo('shop-owner')).json()).toEqual({ plans: [{ plan: 'starter', platform: 'shopify' }] });
  });

  it('gives an owner without a subscription no plans (free)', async () => {
    expect(await (await userInfo('someone-else')).json()).toEqual({ plans: [] });
  });

  it('answers 400 naming the field when the payload has no email', async () => {
    const res = await userInfo('demo-owner', {});
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ field: 'email' });
  });

  it('answers the internal plans route for sibling services', async () => {
    const res = await fetch(`${svc.url}/internal/users/demo-owner/plans`, { headers: asInternal() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ plans: [{ plan: 'busniess_starter_monthly', platform: 'custom' }] });
  });

  it('answers 400 naming the field for a NUL in an owner id (Postgres cannot store it)', async () => {
    const res = await fetch(`${svc.url}/internal/users/demo-owner%00/plans`, { headers: asInternal() });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'sub must not contain NUL characters or unpaired surrogates',
      field: 'sub',
    });
  });

  it('refuses the internal route without the internal token', async () => {
    const res = await fetch(`${svc.url}/internal/users/demo-owner/plans`);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ statusCode: 403, message: 'This route is internal' });
  });

  it('does not seed twice when the service restarts', async () => {
    const config = { ...stripeFree(db.url), BILLING_SEED_PLANS: 'demo-owner:busniess_starter_monthly' };
    const again = await startTestService(AppModule.forRoot(config), config);
    try {
      const res = await fetch(`${again.url}/internal/users/demo-owner/plans`, { headers: asInternal() });
      expect((await res.json()).plans).toHaveLength(1);
    } finally {
      await again.close();
    }
  });
});

describe('the Stripe migration', () => {
  it('keeps the plans granted before it, as seed grants', async () => {
    const db = await createTestDatabase();
    let svc: TestService | undefined;
    try {
      const before = new DataSource({
        type: 'postgres',
        url: db.url,
        schema: 'billing',
        migrations: [CreateSubscriptions1760000000000],
        migrationsTableName: 'migrations',
      });
      await before.initialize();
      await before.query(`CREATE SCHEMA IF NOT EXISTS billing`);
      await before.runMigrations();
      await before.query(
        `INSERT INTO billing.subscriptions (owner_sub, plan, platform) VALUES ('old-owner', 'squarespace_pro_monthly', 'squarespace')`,
      );
      await before.destroy();

      const config = stripeFree(db.url);
      svc = await startTestService(AppModule.forRoot(config), config);
      const res = await fetch(`${svc.url}/billing/account`, {
        method: 'POST',
        headers: asOwner('old-owner'),
        body: JSON.stringify({ email: 'old-owner@example.com' }),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        subscriptions: [
          {
            plan: 'squarespace_pro_monthly',
            platform: 'squarespace',
            status: 'active',
            trialEnd: null,
            currentPeriodEnd: null,
            cancelAtPeriodEnd: false,
            paymentFailed: false,
            source: 'seed',
          },
        ],
        invoices: [],
      });
      const plans = await fetch(`${svc.url}/internal/users/old-owner/plans`, { headers: asInternal() });
      expect(await plans.json()).toEqual({ plans: [{ plan: 'squarespace_pro_monthly', platform: 'squarespace' }] });
    } finally {
      await svc?.close();
      await db.drop();
    }
  });
});

describe('BILLING_SEED_PLANS', () => {
  it('reads sub:plan pairs', () => {
    expect(parseSeedPlans('a:starter,b|x:squarespace_pro_monthly')).toEqual([
      { sub: 'a', plan: 'starter' },
      { sub: 'b|x', plan: 'squarespace_pro_monthly' },
    ]);
  });

  it('rejects an unknown plan at start-up with a clear message', () => {
    const result = billingConfigSchema.safeParse({
      DATABASE_URL: 'postgres://x',
      INTERNAL_TOKEN: 'x'.repeat(16),
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      BILLING_SEED_PLANS: 'a:gold',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('"a:gold" is not <owner-sub>:<plan id>');
  });

  it('refuses to start without the Stripe keys, naming them', () => {
    const result = billingConfigSchema.safeParse({ DATABASE_URL: 'postgres://x', INTERNAL_TOKEN: 'x'.repeat(16) });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0])).toEqual(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
  });
});
