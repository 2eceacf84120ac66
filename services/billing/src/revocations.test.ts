import { asInternal, asOwner, createTestDatabase, startTestService, testConfig } from '@sniff/service-kit/testing';
import type { TestService } from '@sniff/service-kit/testing';
import { Client } from 'pg';
import { AppModule } from './app.module';
import type { BillingConfig } from './config';
import { plansOnlyBillingConfig } from './plans-only-config';

/**
 * Delete Account revokes the owner at once: billing records the subject with the request and serves the
 * list to the gateways by cursor (GET /internal/revoked-subjects?after=N, only rows after N).
 */
describe('revoked subjects', () => {
  let db: { url: string; drop(): Promise<void> };
  let svc: TestService;
  let config: BillingConfig;
  let pg: Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    // The deletion jobs wait an hour: this file looks at the request, not at the job (account.test.ts does).
    config = { ...plansOnlyBillingConfig(testConfig(db.url), ''), DELETION_DELAY_SECONDS: 3600 };
    svc = await startTestService(AppModule.forRoot(config), config);
    pg = new Client({ connectionString: db.url });
    await pg.connect();
  });
  afterAll(async () => {
    await pg?.end();
    await svc?.close();
    await db?.drop();
  });

  type Page = { subjects: string[]; cursor: number; more: boolean };
  const revoked = async (after?: number | string, base = svc.url): Promise<Page> => {
    const res = await fetch(`${base}/internal/revoked-subjects${after === undefined ? '' : `?after=${after}`}`, {
      headers: asInternal(),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as Page;
  };
  const askDeletion = (sub: string, confirm = `${sub}@example.com`) =>
    fetch(`${svc.url}/account/deletion`, { method: 'POST', headers: asOwner(sub), body: JSON.stringify({ confirm }) });

  it('revokes the owner with the deletion request, once, and lists only what came after a cursor', async () => {
    const start = await revoked();
    expect(start).toEqual({ subjects: [], cursor: 0, more: false });

    // A refused confirmation revokes nothing.
    expect((await askDeletion('careful-owner', 'someone@else.example')).status).toBe(400);
    expect(await revoked(0)).toEqual(start);

    expect((await askDeletion('first-leaver')).status).toBe(202);
    const first = await revoked(0);
    expect(first.subjects).toEqual(['first-leaver']);
    expect(first.cursor).toBeGreaterThan(0);
    expect(await revoked(first.cursor)).toEqual({ subjects: [], cursor: first.cursor, more: false });

    expect((await askDeletion('second-leaver')).status).toBe(202);
    // Asking again (the job still waits) revokes nothing new.
    expect((await askDeletion('first-leaver')).status).toBe(202);
    const second = await revoked(first.cursor);
    expect(second.subjects).toEqual(['second-leaver']);
    expect(second.cursor).toBeGreaterThan(first.cursor);
    expect((await revoked(0)).subjects).toEqual(['first-leaver', 'second-leaver']);

    // The revoked owner can still read how the deletion goes (the one route the gateways let them reach).
    const status = await fetch(`${svc.url}/account/deletion`, { headers: asOwner('first-leaver') });
    expect(await status.json()).toMatchObject({ status: 'pending' });
  });

  it('is the same list from every billing replica, and survives a restart (it is kept in Postgres)', async () => {
    const before = await revoked(0);
    const replica = await startTestService(AppModule.forRoot(config), config);
    try {
      expect(await revoked(0, replica.url)).toEqual(before);
    } finally {
      await replica.close();
    }
  });

  it('answers in pages of 1,000, saying when there is more', async () => {
    const { cursor } = await revoked(0);
    await pg.query(
      `INSERT INTO billing.revoked_subjects (owner_sub) SELECT 'bulk-' || g FROM generate_series(1, 1001) g`,
    );
    const full = await revoked(cursor);
    expect(full.subjects).toHaveLength(1000);
    expect(full.more).toBe(true);
    const rest = await revoked(full.cursor);
    expect(rest).toMatchObject({ subjects: ['bulk-1001'], more: false });
  });

  it('is internal, and checks its cursor', async () => {
    expect((await fetch(`${svc.url}/internal/revoked-subjects`)).status).toBe(403);
    for (const after of ['-1', 'x', '1.5']) {
      const res = await fetch(`${svc.url}/internal/revoked-subjects?after=${after}`, { headers: asInternal() });
      expect(res.status).toBe(400);
    }
  });
});
