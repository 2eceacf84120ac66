import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { SEARCH_EVENTS_QUEUE, SEARCH_EVENTS_QUEUE_OPTIONS, type RecordedSearchEvent } from '@sniff/contracts';
import { Queue } from '@sniff/service-kit';
import { startMailCatcher, TEST_INTERNAL_TOKEN, type Delivered, type MailCatcher } from '@sniff/service-kit/testing';
import { OWNER, OWNER_EMAIL, startStack, UPLOADER, UPLOADER_EMAIL, type Stack } from '../../fuzz/stack';
import { previousIsoWeek } from './alerts/iso-week';
import { UnsubscribeTokens } from './alerts/unsubscribe-token';
import { ALERT_QUEUE, ALERTS_DUE_QUEUE } from './alerts/zero-result-alerts.service';

/**
 * Weekly zero-result e-mail alerts across the real services: the owner's switch through the gateway
 * (billing says who is paid, stores whose store it is), the weekly job in analytics, billing reading the
 * owner's address from the local identity provider, feedback storing and mailing the notice to a real
 * SMTP server (maildev), and the unsubscribe link through the gateway.
 */
const PUBLIC_URL = 'https://sniff.example';
const FREE = 'alerts-free-owner';
const FREE_EMAIL = 'alerts-free-owner@example.com';

const until = async <T>(check: () => Promise<T | undefined | false>, what: string, ms = 30_000): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

type Mail = Delivered & { headers: Record<string, string>; html?: string | false };

describe('zero-result alerts', () => {
  let stack: Stack;
  let mail: MailCatcher;
  let sql: Client;
  let queue: Queue;
  /** The week a mail sent now reports, and a moment inside it. */
  const lastWeek = previousIsoWeek(new Date());
  const inLastWeek = (hours: number) => new Date(lastWeek.start.getTime() + hours * 3_600_000).toISOString();

  beforeAll(async () => {
    mail = await startMailCatcher();
    stack = await startStack({ smtpUrl: mail.smtpUrl, analytics: { PUBLIC_URL } });
    sql = new Client({ connectionString: stack.databaseUrl });
    await sql.connect();
    // The owners signed up at the identity provider (billing reads their address there).
    for (const [id, email] of [
      [OWNER, OWNER_EMAIL],
      [UPLOADER, UPLOADER_EMAIL],
      [FREE, FREE_EMAIL],
    ])
      await sql.query(`INSERT INTO idp.accounts (id, email, name, password_hash) VALUES ($1, $2, $1, 'x')`, [
        id,
        email,
      ]);
    queue = new Queue(stack.databaseUrl);
    await queue.declare(SEARCH_EVENTS_QUEUE, SEARCH_EVENTS_QUEUE_OPTIONS);
  }, 120_000);

  afterAll(async () => {
    await queue?.onApplicationShutdown();
    await sql?.end();
    await stack?.close();
    await mail?.close();
  });

  /** An owner's calls through the gateway, with a token for `sub`. */
  async function owner(sub: string, email: string) {
    const bearer = await stack.gateway.bearerFor(sub, email);
    const call = (path: string, body: object) =>
      fetch(`${stack.gateway.url}/api/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, email }),
      });
    const json = async (path: string, body: object) => {
      const res = await call(path, body);
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const createStore = async (name: string) =>
      (
        (await json('stores/saas/create-website', {
          store_url: `https://${name}.example`,
          store_name: `${name} shop`,
          platform: 'custom',
        })) as { store_id: string }
      ).store_id;
    const setAlert = (storeId: string, enabled: unknown) =>
      call('analytics/alerts/zero-results/update', { storeId, enabled });
    return { sub, email, call, json, createStore, setAlert };
  }

  /** Zero-result (and other) searches as the widget's events reach analytics, waited for until stored. */
  async function searches(storeId: string, list: { query: string; results?: number; at: string }[]) {
    const [{ n: before }] = (
      await sql.query(`SELECT count(*)::int AS n FROM analytics.search_events WHERE store_id = $1`, [storeId])
    ).rows as { n: number }[];
    for (const { query, results = 0, at } of list) {
      const event: RecordedSearchEvent = {
        storeId,
        type: 'search',
        query,
        resultCount: results,
        hitId: null,
        url: null,
        visitor: `visitor-${randomUUID()}`,
        searchKey: randomUUID(),
        at,
      };
      await queue.send(SEARCH_EVENTS_QUEUE, event);
    }
    await until(async () => {
      const { rows } = await sql.query(`SELECT count(*)::int AS n FROM analytics.search_events WHERE store_id = $1`, [
        storeId,
      ]);
      return (rows[0] as { n: number }).n === before + list.length;
    }, 'the events to be stored');
  }

  /** As if the store had been switched on weeks ago (switched on now, the first mail reports this week). */
  const switchedOnLongAgo = (storeId: string) =>
    sql.query(`UPDATE analytics.zero_result_alerts SET last_week = NULL WHERE store_id = $1`, [storeId]);

  /** The hourly look, as the cron sends it, then until every job it queued (and their mail) is done. */
  async function weeklyRun() {
    await queue.send(ALERTS_DUE_QUEUE, {});
    await settled();
  }
  async function settled() {
    await until(async () => {
      const { rows } = await sql.query(
        `SELECT count(*)::int AS n FROM pgboss.job
          WHERE name IN ($1, $2, 'deliver-notice') AND state IN ('created', 'retry', 'active')`,
        [ALERTS_DUE_QUEUE, ALERT_QUEUE],
      );
      return (rows[0] as { n: number }).n === 0;
    }, 'the alert jobs to finish');
  }
  const mailsTo = async (address: string) =>
    ((await mail.delivered()) as Mail[]).filter((m) => m.to.some((t) => t.address === address));
  const settingOf = async (storeId: string) =>
    (await sql.query(`SELECT enabled, last_week FROM analytics.zero_result_alerts WHERE store_id = $1`, [storeId]))
      .rows[0] as { enabled: boolean; last_week: string | null } | undefined;

  let paidStore: string;
  let unsubscribeUrl: string;

  it("refuses a free owner's switch (403), another owner's store (404) and a bad value (400), and changes nothing", async () => {
    const free = await owner(FREE, FREE_EMAIL);
    const freeStore = await free.createStore('alerts-free');
    const refused = await free.setAlert(freeStore, true);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(/upgraded plans/);
    expect(await settingOf(freeStore)).toBeUndefined();
    // Off is always allowed (nothing to stop, but no error either).
    expect((await free.setAlert(freeStore, false)).status).toBe(200);

    const paid = await owner(OWNER, OWNER_EMAIL);
    const notTheirs = await paid.setAlert(freeStore, true);
    expect(notTheirs.status).toBe(404);
    expect(await notTheirs.json()).toMatchObject({ field: 'storeId' });
    const bad = await paid.setAlert(freeStore, 'yes');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('enabled must be true or false');
    expect((await settingOf(freeStore))?.enabled).toBe(false);
  });

  it("mails the owner the week's top ten zero-result queries once, however often the job runs, with links and an unsubscribe header", async () => {
    const paid = await owner(OWNER, OWNER_EMAIL);
    paidStore = await paid.createStore('alerts-paid');
    const on = await paid.setAlert(paidStore, true);
    expect(on.status).toBe(200);
    expect(await on.json()).toMatchObject({ storeId: paidStore, enabled: true });
    expect(await paid.json('analytics/alerts/zero-results/list', {})).toMatchObject({
      alerts: [{ storeId: paidStore, enabled: true }],
    });
    // Switched on now: the week under way is the first reported, so this hour's look sends nothing.
    await searches(paidStore, [{ query: 'couch', at: inLastWeek(30) }]);
    await weeklyRun();
    expect(await mailsTo(OWNER_EMAIL)).toHaveLength(0);

    await switchedOnLongAgo(paidStore);
    await searches(paidStore, [
      { query: 'Couch', at: inLastWeek(31) },
      { query: 'couch ', at: inLastWeek(32) },
      { query: 'kids raincoat', at: inLastWeek(40) },
      { query: 'Kids  Raincoat', at: inLastWeek(41) },
      { query: '<b>sofa</b> & co', at: inLastWeek(50) },
      { query: '<B>Sofa</B> & co', at: inLastWeek(51) },
      ...Array.from({ length: 9 }, (_, i) => ({ query: `rare ${i}`, at: inLastWeek(60 + i) })),
      // Found something, or not last week: not in the mail.
      { query: 'bread', results: 4, at: inLastWeek(70) },
      { query: 'older week', at: new Date(lastWeek.start.getTime() - 3_600_000).toISOString() },
      { query: 'this week', at: new Date().toISOString() },
    ]);

    // The cron's run, a second one, and a process that died after queueing the job but before recording it.
    await weeklyRun();
    await weeklyRun();
    await switchedOnLongAgo(paidStore);
    await weeklyRun();
    // Two replicas running the store's job for the week at once.
    const job = {
      storeId: paidStore,
      week: lastWeek.id,
      start: lastWeek.start.toISOString(),
      end: lastWeek.end.toISOString(),
    };
    await Promise.all([queue.send(ALERT_QUEUE, job), queue.send(ALERT_QUEUE, job)]);
    await settled();
    await new Promise((r) => setTimeout(r, 500)); // maildev lists a mail a moment after accepting it

    const mails = await mailsTo(OWNER_EMAIL);
    expect(mails).toHaveLength(1);
    const [m] = mails;
    expect(m.subject).toBe(`Searches that found nothing on alerts-paid shop, week ${lastWeek.id}`);
    expect(m.html).toBeFalsy();
    const text = m.text;
    expect(text).toContain('made 16 searches that found nothing');
    const listed = [...text.matchAll(/^\d+\. "(.*)": (\d+) search/gm)].map((x) => [x[1], Number(x[2])]);
    expect(listed).toHaveLength(10);
    // Most frequent first; among equals the latest searched; the two oldest single ones left out.
    expect(listed.slice(0, 4)).toEqual([
      ['couch', 3],
      ['<b>sofa</b> & co', 2],
      ['kids raincoat', 2],
      ['rare 8', 1],
    ]);
    expect(listed.map(([q]) => q)).not.toContain('rare 0');
    expect(text).not.toMatch(/bread|older week|this week/);
    const base = `${PUBLIC_URL}/dashboard/stores?store=${paidStore}&tab=search`;
    expect(text).toContain(`Add a synonym: ${base}&synonym=kids%20raincoat`);
    expect(text).toContain(`Pin an answer: ${base}&pin=kids%20raincoat`);
    expect(text).toContain(`Pin an answer: ${base}&pin=%3Cb%3Esofa%3C%2Fb%3E%20%26%20co`);
    const link = /^(https:\/\/sniff\.example\/alerts\/unsubscribe\?token=\S+)$/m.exec(text);
    expect(link).not.toBeNull();
    unsubscribeUrl = link![1];
    expect(m.headers['list-unsubscribe']).toBe(`<${unsubscribeUrl}>`);
    expect(m.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });

  it('sends nothing for a week without zero-result searches', async () => {
    const uploader = await owner(UPLOADER, UPLOADER_EMAIL);
    const quiet = await uploader.createStore('alerts-quiet');
    expect((await uploader.setAlert(quiet, true)).status).toBe(200);
    await switchedOnLongAgo(quiet);
    await searches(quiet, [
      { query: 'bread', results: 3, at: inLastWeek(10) },
      { query: 'older week', at: new Date(lastWeek.start.getTime() - 3_600_000).toISOString() },
    ]);
    await weeklyRun();
    await new Promise((r) => setTimeout(r, 500));
    expect(await mailsTo(UPLOADER_EMAIL)).toHaveLength(0);
    // The week was looked at (and is not looked at again).
    expect((await settingOf(quiet))?.last_week).toBe(lastWeek.id);
    expect(
      await sql.query(`SELECT 1 FROM feedback.notices WHERE key LIKE $1`, [`zero-results:${quiet}:%`]),
    ).toMatchObject({
      rowCount: 0,
    });
  });

  it('the link from the mail asks to confirm, then switches the store off without signing in; a changed or expired link is refused', async () => {
    const publicPath = unsubscribeUrl.slice(PUBLIC_URL.length);
    const page = await fetch(`${stack.gateway.url}${publicPath}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Stop the weekly zero-result e-mails?');
    expect(html).toMatch(
      /<form method="post" action="\/alerts\/unsubscribe\?token=[^"]+"><button type="submit">Unsubscribe<\/button>/,
    );
    expect((await settingOf(paidStore))?.enabled).toBe(true); // GET changes nothing

    const token = new URL(unsubscribeUrl).searchParams.get('token')!;
    const tampered = token.replace(paidStore, `${paidStore}x`);
    for (const bad of [tampered, `${token.slice(0, -2)}AA`, 'nonsense']) {
      for (const method of ['GET', 'POST']) {
        const res = await fetch(`${stack.gateway.url}/alerts/unsubscribe?token=${encodeURIComponent(bad)}`, { method });
        expect(res.status).toBe(400);
        expect(await res.text()).toContain('This unsubscribe link is not valid');
      }
    }
    const noToken = await fetch(`${stack.gateway.url}/alerts/unsubscribe`);
    expect(noToken.status).toBe(400);
    // Only GET and POST, and no body worth more than a one-click form.
    const put = await fetch(`${stack.gateway.url}${publicPath}`, { method: 'PUT' });
    expect([put.status, put.headers.get('allow')]).toEqual([405, 'GET, POST']);
    const huge = await fetch(`${stack.gateway.url}${publicPath}`, { method: 'POST', body: 'x'.repeat(8 * 1024) });
    expect(huge.status).toBe(413);
    const expired = new UnsubscribeTokens(TEST_INTERNAL_TOKEN).sign(paidStore, new Date(Date.now() - 91 * 86_400_000));
    const old = await fetch(`${stack.gateway.url}/alerts/unsubscribe?token=${expired}`, { method: 'POST' });
    expect(old.status).toBe(410);
    expect(await old.text()).toContain('This unsubscribe link has expired');
    expect((await settingOf(paidStore))?.enabled).toBe(true);

    // A mail client's one-click unsubscribe (RFC 8058): a form POST to the List-Unsubscribe address.
    const done = await fetch(`${stack.gateway.url}${publicPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You are unsubscribed');
    expect((await settingOf(paidStore))?.enabled).toBe(false);
    const paid = await owner(OWNER, OWNER_EMAIL);
    expect(await paid.json('analytics/alerts/zero-results/list', {})).toMatchObject({
      alerts: [{ storeId: paidStore, enabled: false }],
    });
    // Again: the same page, nothing breaks.
    expect((await fetch(`${stack.gateway.url}${publicPath}`, { method: 'POST' })).status).toBe(200);
  });

  it('an unsubscribed store gets no mail for the week after', async () => {
    await switchedOnLongAgo(paidStore);
    await sql.query(`DELETE FROM feedback.notices WHERE key LIKE $1`, [`zero-results:${paidStore}:%`]);
    await weeklyRun();
    await new Promise((r) => setTimeout(r, 500));
    expect(await mailsTo(OWNER_EMAIL)).toHaveLength(1); // the first week's only
    expect(
      await sql.query(`SELECT 1 FROM feedback.notices WHERE key LIKE $1`, [`zero-results:${paidStore}:%`]),
    ).toMatchObject({
      rowCount: 0,
    });
  });

  it("is in the owner's data export and goes with the store", async () => {
    const paid = await owner(OWNER, OWNER_EMAIL);
    const bearer = await stack.gateway.bearerFor(OWNER, OWNER_EMAIL);
    const res = await fetch(`${stack.gateway.url}/api/billing/account/export`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(res.status).toBe(200);
    const exported = (await res.json()) as { analytics: { storeId: string; zeroResultAlerts: unknown }[] };
    expect(exported.analytics.find((a) => a.storeId === paidStore)?.zeroResultAlerts).toMatchObject({
      enabled: false,
      updatedAt: expect.any(String),
    });
    await paid.json('stores/managestores/delete-store', { store_id: paidStore });
    expect(await settingOf(paidStore)).toBeUndefined();
  });
});
