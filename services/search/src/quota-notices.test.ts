import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import {
  asInternal,
  createTestDatabase,
  freePorts,
  prepareLocalIdp,
  startMailCatcher,
  startNodeProcess,
  startTestService,
  testConfig,
  type LocalIdp,
  type MailCatcher,
  type RunningProcess,
  type TestService,
} from '@sniff/service-kit/testing';
import { plansOnlyBillingConfig } from '../../billing/src/plans-only-config';
import { FeedbackAppModule } from '../../feedback/src/app.module';
import { SearchAppModule } from './app.module';
import type { SearchConfig } from './config';
import { QuotaNotices } from './usage/quota-notices';

const OWNER = { sub: 'auth0|quota-owner', email: 'quota.owner@example.com' };
const MAY = {
  periodStart: new Date('2026-05-01T00:00:00Z'),
  periodEnd: new Date('2026-06-01T00:00:00Z'),
  quota: 10_000,
  graceSearches: 500,
};

/**
 * The quota e-mails end to end: search instances queue them, billing (its own built process, so it can
 * trust the identity provider's local certificate) reads the owner's address from the local identity
 * provider's Management API, and feedback stores and mails them to a real SMTP server (maildev).
 * Needs `npm run build` (billing's dist), as the account tests do.
 */
describe('quota notices', () => {
  let db: { url: string; drop(): Promise<void> };
  let sql: Client;
  let tlsDir: string;
  let idp: LocalIdp;
  let billing: RunningProcess;
  let billingUrl: string;
  let feedback: TestService;
  let mail: MailCatcher;
  let searchConfig: ReturnType<typeof testConfig> & Partial<SearchConfig>;
  const searches: TestService[] = [];

  const startSearch = async (overrides: Partial<SearchConfig> = {}) => {
    const config = { ...searchConfig, ...overrides };
    const service = await startTestService(SearchAppModule.forRoot(config), config);
    searches.push(service);
    return service;
  };
  const noticesOf = (service: TestService) => service.app.get(QuotaNotices);
  const mailsTo = async (address: string) =>
    (await mail.delivered()).filter((m) => m.to.some((t) => t.address === address));
  const jobs = async (state?: string) =>
    (
      await sql.query(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'quota-notice' AND ($1::text IS NULL OR state::text = $1)`,
        [state ?? null],
      )
    ).rows[0].n as number;
  /** Until no quota notice is waiting to be sent or mailed. */
  const settled = async () => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { rows } = await sql.query(
        `SELECT count(*)::int AS n FROM pgboss.job
         WHERE name IN ('quota-notice', 'deliver-notice') AND state IN ('created', 'retry', 'active')`,
      );
      if (rows[0].n === 0) return;
      if (Date.now() > deadline) throw new Error('quota notices still queued');
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const contact = (sub: string, headers: Record<string, string> = asInternal()) =>
    fetch(`${billingUrl}/internal/users/${encodeURIComponent(sub)}/contact`, { headers });

  beforeAll(async () => {
    db = await createTestDatabase();
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    tlsDir = mkdtempSync(join(tmpdir(), 'sniff-quota-notices-tls-'));
    idp = await prepareLocalIdp({ dir: tlsDir });
    await idp.start(db.url);
    const [billingPort] = await freePorts(1);
    // The owner signed up at the identity provider (its own table; no password is needed here).
    await sql.query(`INSERT INTO idp.accounts (id, email, name, password_hash) VALUES ($1, $2, 'Quota Owner', 'x')`, [
      OWNER.sub,
      OWNER.email,
    ]);

    const billingConfig = {
      ...plansOnlyBillingConfig(testConfig(db.url), ''),
      PORT: billingPort,
      LOG_LEVEL: 'log', // it says when it listens
      ...idp.management,
    };
    billingUrl = `http://127.0.0.1:${billingPort}`;
    billing = await startNodeProcess(
      [join(__dirname, '..', '..', 'billing', 'dist', 'main.js')],
      {
        ...Object.fromEntries(Object.entries(billingConfig).map(([k, v]) => [k, String(v)])),
        NODE_EXTRA_CA_CERTS: idp.certFile,
      },
      `listening on ${billingUrl}`,
    );

    mail = await startMailCatcher();
    const feedbackConfig = {
      ...testConfig(db.url),
      SMTP_URL: mail.smtpUrl,
      NOTICES_FROM: 'Sniff <no-reply@sniff.test>',
    };
    feedback = await startTestService(FeedbackAppModule.forRoot(feedbackConfig), feedbackConfig);
    searchConfig = {
      ...testConfig(db.url),
      BILLING_URL: billingUrl,
      FEEDBACK_URL: feedback.url,
      PUBLIC_URL: 'https://sniff.example/',
    };
  }, 120_000);

  afterAll(async () => {
    for (const s of searches) await s.close();
    await feedback?.close();
    await billing?.kill();
    await idp?.kill();
    await mail?.close();
    await sql?.end();
    await db?.drop();
    if (tlsDir) rmSync(tlsDir, { recursive: true, force: true });
  });

  it("mails the owner once at 80% and once at 100% of the month's searches, however often and by however many search instances told", async () => {
    const [a, b] = [noticesOf(await startSearch()), noticesOf(await startSearch())];
    const reached = (notices: QuotaNotices, threshold: 80 | 100, used: number) =>
      notices.reached({ ...MAY, ownerSub: OWNER.sub, threshold, used });

    await reached(a, 80, 8_000);
    await Promise.all([reached(b, 80, 8_001), reached(a, 80, 8_002), reached(b, 80, 8_003)]);
    // Reached as a tick finds it: a few searches past the quota.
    await reached(b, 100, 10_003);
    await Promise.all([reached(a, 100, 10_004), reached(b, 100, 10_005)]);
    // 80% again, twice (a tick that still sees the owner above it), from both instances.
    for (const notices of [a, b, a, b]) await reached(notices, 80, 10_050);
    // An instance that starts afresh, with nothing in memory, is told again.
    const fresh = noticesOf(await startSearch());
    await Promise.all([reached(fresh, 80, 10_060), reached(fresh, 100, 10_060)]);

    await settled();
    // maildev lists a mail once it has read it, a moment after accepting it.
    const deadline = Date.now() + 10_000;
    while ((await mailsTo(OWNER.email)).length < 2 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    const mails = await mailsTo(OWNER.email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      "Your Sniff widgets have used 80% of this month's searches",
      "Your Sniff widgets have used this month's searches",
    ]);
    const at80 = mails.find((m) => m.subject.includes('80%'))!;
    expect(at80.text).toContain(
      'Your Sniff search widgets have used 8,000 of the 10,000 searches your plan includes for May 2026.',
    );
    expect(at80.text).toContain(
      'When they reach 10,000, they keep answering for 500 more searches; after that they show "Search is temporarily unavailable." until June 1, 2026 (UTC)',
    );
    expect(at80.text).toContain('upgrade your plan:\nhttps://sniff.example/dashboard/subscribe');
    const at100 = mails.find((m) => !m.subject.includes('80%'))!;
    expect(at100.text).toContain('have used 10,003 of the 10,000 searches your plan includes for May 2026.');
    expect(at100.text).toContain(
      'They will answer 497 more searches, then pause and show "Search is temporarily unavailable." until June 1, 2026 (UTC)',
    );
    expect(at100.text).toContain('https://sniff.example/dashboard/subscribe');
    // Cheap to be told again: one job per notice was queued, not one per call.
    expect(await jobs()).toBe(2);
  }, 60_000);

  it('mails no one, and gives up at once, when the owner has no account any more', async () => {
    const notices = noticesOf(searches[0]!);
    const before = await jobs('completed');
    await notices.reached({ ...MAY, ownerSub: 'auth0|gone-owner', threshold: 80, used: 8_000 });
    await settled();
    // Completed (billing answered 404), not failed and retried.
    expect(await jobs('completed')).toBe(before + 1);
    expect(await jobs('retry')).toBe(0);
    expect((await mailsTo(OWNER.email)).length).toBe(2);
  });

  it('logs and skips notices, recording nothing, while FEEDBACK_URL is not set', async () => {
    const unset = await startSearch({ FEEDBACK_URL: undefined });
    const before = await jobs();
    await noticesOf(unset).reached({ ...MAY, ownerSub: 'auth0|unmailed', threshold: 100, used: 10_000 });
    expect(await jobs()).toBe(before);
    // Nothing recorded: a worker with FEEDBACK_URL still mails it this month.
    const { rows } = await sql.query(`SELECT 1 FROM search.quota_notices WHERE owner_sub = 'auth0|unmailed'`);
    expect(rows).toEqual([]);
  });

  it("forgets the owner's notices with their account", async () => {
    const res = await fetch(`${searches[0]!.url}/internal/owners/${encodeURIComponent(OWNER.sub)}`, {
      method: 'DELETE',
      headers: asInternal(),
    });
    expect(await res.json()).toEqual({ deleted: { usage: 0, quotaNotices: 2 } });
    expect((await sql.query(`SELECT 1 FROM search.quota_notices WHERE owner_sub = $1`, [OWNER.sub])).rows).toEqual([]);
  });

  describe("billing's GET /internal/users/:sub/contact", () => {
    it("answers the owner's e-mail from the identity provider's Management API", async () => {
      const res = await contact(OWNER.sub);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ email: OWNER.email });
    });

    it('answers 404 for an owner the identity provider does not know', async () => {
      const res = await contact('auth0|nobody');
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ statusCode: 404, message: 'No such account' });
    });

    it('answers 403 without the internal token', async () => {
      const res = await contact(OWNER.sub, {});
      expect(res.status).toBe(403);
      expect(JSON.stringify(await res.json())).not.toContain(OWNER.email);
    });
  });
});
