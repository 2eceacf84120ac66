import {
  asInternal,
  asOwner,
  createTestDatabase,
  freePorts,
  startMailCatcher,
  startNodeProcess,
  startTestService,
  testConfig,
  TestService,
  type Delivered,
  type MailCatcher,
  type RunningProcess,
} from '@sniff/service-kit/testing';
import { Client } from 'pg';
import { FeedbackAppModule } from './app.module';
import type { FeedbackConfig } from './config';

/**
 * feedback/send against a real SMTP server (maildev, read through its REST API) and a real Postgres:
 * the message arrives, bad input changes nothing, the per-owner limit holds, an SMTP outage loses
 * nothing, and the account job can export and delete an owner's messages. Notices (Sniff's mails to
 * owners, posted by other services) arrive once per key, and after an outage too.
 */
describe('feedback', () => {
  let db: { url: string; drop(): Promise<void> };
  let mail: MailCatcher;
  let service: TestService;

  const start = async (overrides: Partial<FeedbackConfig>, databaseUrl = db.url) => {
    const config = { ...testConfig(databaseUrl), ...overrides };
    return startTestService(FeedbackAppModule.forRoot(config), config);
  };
  const send = (owner: string, body: object, to = service) =>
    fetch(`${to.url}/feedback/send`, {
      method: 'POST',
      headers: asOwner(owner),
      body: JSON.stringify({ email: `${owner}@example.com`, ...body }),
    });
  const delivered = (): Promise<Delivered[]> => mail.delivered();
  const stored = async (owner: string, to = service) =>
    (
      (await (await fetch(`${to.url}/internal/owners/${owner}`, { headers: asInternal() })).json()) as {
        messages: { text: string; sentAt: string | null }[];
      }
    ).messages;

  beforeAll(async () => {
    db = await createTestDatabase();
    mail = await startMailCatcher();
    service = await start({
      SMTP_URL: mail.smtpUrl,
      FEEDBACK_TO: 'feedback@sniff.test',
      SUPPORT_EMAIL: 'support@sniff.test',
      FEEDBACK_PER_WINDOW: 3,
      NOTICES_FROM: 'Sniff <no-reply@sniff.test>',
    });
  });
  afterAll(async () => {
    await service?.close();
    await mail?.close();
    await db?.drop();
  });

  it('delivers the message to the feedback mailbox, from the signed-in owner, support copied when ticked', async () => {
    const res = await send('owner-a', { text: 'The preview is lovely', page: '/dashboard/stores', copySupport: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'sent' });
    const [mail] = await delivered();
    expect(mail!.subject).toBe('Sniff feedback from owner-a@example.com');
    expect(mail!.text).toContain('The preview is lovely');
    expect(mail!.text).toContain('Page: /dashboard/stores');
    expect(mail!.to.map((a) => a.address)).toEqual(['feedback@sniff.test']);
    expect(mail!.cc?.map((a) => a.address)).toEqual(['support@sniff.test']);
    expect(mail!.replyTo?.map((a) => a.address)).toEqual(['owner-a@example.com']);
  });

  it.each([
    ['empty', ''],
    ['whitespace', '   \n\t '],
  ])('refuses %s text with a 400 naming it, and sends and stores nothing', async (_, text) => {
    const before = (await delivered()).length;
    const res = await send('owner-b', { text });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      field: 'text',
      message: expect.stringContaining('Please write your feedback first'),
    });
    expect(await stored('owner-b')).toEqual([]);
    expect((await delivered()).length).toBe(before);
  });

  it('refuses (400 naming page) a page that would break its line of the mail, and sends and stores nothing', async () => {
    const before = (await delivered()).length;
    const pages = [
      '/dashboard\nFrom: ceo@sniff.dev',
      '/dashboard\r\nTime: never',
      '/dashboard\rFrom: ceo@sniff.dev',
      '/dashboard\u2028From: ceo@sniff.dev',
      '/dashboard\u2029x',
      '/dashboard\u0085x',
      '/dashboard\u000bx',
      '/dashboard\u000cx',
      '/dashboard\u001bx',
    ];
    for (const page of pages) {
      const res = await send('owner-i', { text: 'Hello', page });
      expect([res.status, await res.json()]).toEqual([
        400,
        expect.objectContaining({
          field: 'page',
          message: 'page: page must be one line, without line breaks or control characters',
        }),
      ]);
    }
    expect(await stored('owner-i')).toEqual([]);
    expect((await delivered()).length).toBe(before);
    // the message itself may have lines, and keeps them
    const res = await send('owner-i', { text: 'Two things:\nFrom: me, with love\r\nthe end', page: ' /dashboard \n' });
    expect(res.status).toBe(200);
    const mail = (await delivered()).find((m) => m.text.includes('Two things:'));
    expect(mail!.text).toContain(
      'Two things:\nFrom: me, with love\nthe end\n\n--\nFrom: owner-i@example.com\nPage: /dashboard\n',
    );
  });

  it("refuses (403 naming email) a payload e-mail that is not the token's, and sends and stores nothing", async () => {
    const before = (await delivered()).length;
    const res = await send('owner-f', { email: 'someone-else@example.com', text: 'Pretending to be someone' });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ field: 'email', message: 'email does not match the signed-in user' });
    expect(await stored('owner-f')).toEqual([]);
    expect((await delivered()).length).toBe(before);
  });

  it("sends as the token's e-mail even when the payload repeats it in another case", async () => {
    const res = await send('owner-g', { email: '  OWNER-G@Example.com ', text: 'Case does not matter' });
    expect(res.status).toBe(200);
    const mail = (await delivered()).find((m) => m.text.includes('Case does not matter'));
    expect(mail!.replyTo?.map((a) => a.address)).toEqual(['owner-g@example.com']);
  });

  it('refuses (403 naming email, saying why) an owner whose token carries no e-mail', async () => {
    const res = await fetch(`${service.url}/feedback/send`, {
      method: 'POST',
      headers: asOwner('owner-h', ''),
      body: JSON.stringify({ email: 'anonymous', text: 'Who am I?' }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ field: 'email', message: expect.stringContaining('no e-mail address') });
    expect(await stored('owner-h')).toEqual([]);
  });

  it('limits each owner to a few messages per window (429 with Retry-After), others unaffected', async () => {
    for (let i = 0; i < 3; i++) expect((await send('owner-c', { text: `note ${i}` })).status).toBe(200);
    const refused = await send('owner-c', { text: 'one too many' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await stored('owner-c')).toHaveLength(3);
    expect((await send('owner-d', { text: 'hello' })).status).toBe(200);
  });

  it('keeps a message when the mail server is down and answers that it is queued', async () => {
    const [closed] = await freePorts(1);
    const offline = await start({ SMTP_URL: `smtp://127.0.0.1:${closed}`, FEEDBACK_RETRY_DELAY_SECONDS: 3600 });
    try {
      const res = await send('owner-e', { text: 'sent while SMTP was down' }, offline);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: 'queued' });
      expect(await stored('owner-e', offline)).toEqual([
        expect.objectContaining({ text: 'sent while SMTP was down', sentAt: null }),
      ]);
    } finally {
      await offline.close();
    }
  });

  it("exports and deletes one owner's messages for the account job, and only theirs", async () => {
    expect((await stored('owner-a')).map((m) => m.text)).toEqual(['The preview is lovely']);
    const res = await fetch(`${service.url}/internal/owners/owner-a`, { method: 'DELETE', headers: asInternal() });
    expect(await res.json()).toEqual({ deleted: 1, notices: 0 });
    expect(await stored('owner-a')).toEqual([]);
    expect(await stored('owner-c')).toHaveLength(3);
    // Not for anyone without the internal token.
    expect((await fetch(`${service.url}/internal/owners/owner-a`)).status).toBe(403);
  });
  describe('notices to owners (POST /internal/notices)', () => {
    const notice = (key: string, extra: object = {}) => ({
      key,
      ownerSub: 'auth0|notice-owner',
      to: 'notice.owner@example.com',
      subject: `Notice ${key}`,
      text: `Hello,\n\nThis is notice ${key}.`,
      ...extra,
    });
    const post = (body: object, to = service, headers = asInternal()) =>
      fetch(`${to.url}/internal/notices`, { method: 'POST', headers, body: JSON.stringify(body) });
    const mailsAbout = async (key: string, inbox: () => Promise<Delivered[]> = delivered) =>
      (await inbox()).filter((m) => m.subject === `Notice ${key}`);

    it("mails a notice to the owner from Sniff's sender, once per key however often it is posted", async () => {
      const first = await post(notice('quota:a:2026-05:80'));
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ key: 'quota:a:2026-05:80', status: 'sent', duplicate: false });
      const [mail, ...more] = await mailsAbout('quota:a:2026-05:80');
      expect(more).toEqual([]);
      expect(mail!.to.map((a) => a.address)).toEqual(['notice.owner@example.com']);
      expect(mail!.from).toEqual([{ address: 'no-reply@sniff.test', name: 'Sniff' }]);
      expect(mail!.text.trim()).toBe('Hello,\n\nThis is notice quota:a:2026-05:80.');

      // Posted again (a caller's retry, a second search worker), even with other words: nothing more.
      const again = await post(notice('quota:a:2026-05:80', { text: 'Something else' }));
      // Posted by several callers at once: one of them mails it.
      const together = await Promise.all([1, 2, 3].map(() => post(notice('quota:a:2026-05:100'))));
      expect(await mailsAbout('quota:a:2026-05:80')).toHaveLength(1);
      expect(await mailsAbout('quota:a:2026-05:100')).toHaveLength(1);
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({ key: 'quota:a:2026-05:80', status: 'sent', duplicate: true });
      expect(together.map((r) => r.status)).toEqual([200, 200, 200]);
      expect((await Promise.all(together.map((r) => r.json()))).filter((b) => !b.duplicate)).toHaveLength(1);
    });

    it.each([
      ['subject', { subject: 'Line one\r\nBcc: someone@example.com' }, 'subject: must be one line'],
      ['subject', { subject: 's'.repeat(201) }, 'subject: must be at most 200 characters'],
      ['to', { to: 'not an address' }, 'to: must be an e-mail address'],
      ['key', { key: 'k'.repeat(201) }, 'key: must be at most 200 characters'],
      ['text', { text: 't'.repeat(10_001) }, 'text: must be at most 10,000 characters'],
      [
        'listUnsubscribe',
        { listUnsubscribe: 'javascript:alert(1)' },
        'listUnsubscribe: must be an http(s) URL without spaces or angle brackets',
      ],
      [
        'listUnsubscribe',
        { listUnsubscribe: 'https://sniff.example/u>\r\nBcc: x@example.com' },
        'listUnsubscribe: must be an http(s) URL without spaces or angle brackets',
      ],
    ])('refuses a bad %s with a 400 naming it, and mails nothing', async (field, extra, message) => {
      const before = (await delivered()).length;
      const res = await post(notice('refused', extra));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ field, message });
      expect((await delivered()).length).toBe(before);
    });

    it('carries one-click unsubscribe headers (RFC 8058) when the notice names an address, and none otherwise', async () => {
      const url = 'https://sniff.example/alerts/unsubscribe?token=v1.s.1.abc';
      expect((await post(notice('with-unsubscribe', { listUnsubscribe: url }))).status).toBe(200);
      const [withLink] = (await mailsAbout('with-unsubscribe')) as (Delivered & { headers: Record<string, string> })[];
      expect(withLink!.headers['list-unsubscribe']).toBe(`<${url}>`);
      expect(withLink!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect((await post(notice('without-unsubscribe'))).status).toBe(200);
      const [plain] = (await mailsAbout('without-unsubscribe')) as (Delivered & { headers: Record<string, string> })[];
      expect(plain!.headers['list-unsubscribe']).toBeUndefined();
      expect(plain!.headers['list-unsubscribe-post']).toBeUndefined();
    });

    it('is for other services only (403 without the internal token)', async () => {
      const res = await post(notice('outsider'), service, { 'content-type': 'application/json' });
      expect(res.status).toBe(403);
      expect(await mailsAbout('outsider')).toEqual([]);
    });

    it('keeps a notice while the mail server is down and mails it once when it is back', async () => {
      const [smtp, web] = await freePorts(2);
      // A database of its own: the other service here would deliver the queued notice through its own mail server.
      const own = await createTestDatabase();
      const offline = await start(
        {
          SMTP_URL: `smtp://127.0.0.1:${smtp}`,
          NOTICES_FROM: 'Sniff <no-reply@sniff.test>',
          FEEDBACK_RETRY_DELAY_SECONDS: 1,
        },
        own.url,
      );
      let later: RunningProcess | undefined;
      const sql = new Client({ connectionString: own.url });
      await sql.connect();
      try {
        const res = await post(notice('while-down'), offline);
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ key: 'while-down', status: 'queued', duplicate: false });
        // The caller's retry while it waits: still one notice, one delivery queued.
        expect(await (await post(notice('while-down'), offline)).json()).toEqual({
          key: 'while-down',
          status: 'queued',
          duplicate: true,
        });
        await new Promise((r) => setTimeout(r, 1500)); // a retry or two fail meanwhile

        // The mail server comes up (a process of its own: maildev keeps one server per process).
        later = await startNodeProcess(
          [require.resolve('maildev/bin/maildev')],
          { MAILDEV_SMTP_PORT: String(smtp), MAILDEV_WEB_PORT: String(web), MAILDEV_IP: '127.0.0.1' },
          'MailDev SMTP Server running',
        );
        // Its web inbox may start listening a moment after it says so.
        const laterInbox = () =>
          fetch(`http://127.0.0.1:${web}/email`).then(
            async (res) => (await res.json()) as Delivered[],
            () => [],
          );
        const deadline = Date.now() + 30_000;
        while (!(await mailsAbout('while-down', laterInbox)).length) {
          if (Date.now() > deadline) throw new Error('the notice never arrived');
          await new Promise((r) => setTimeout(r, 200));
        }
        // Once every delivery job has run out, it was still mailed once.
        const waiting = async () =>
          (
            await sql.query(
              `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'deliver-notice' AND state IN ('created', 'retry', 'active')`,
            )
          ).rows[0].n as number;
        while ((await waiting()) > 0) {
          if (Date.now() > deadline) throw new Error('deliveries still queued');
          await new Promise((r) => setTimeout(r, 200));
        }
        expect(await mailsAbout('while-down', laterInbox)).toHaveLength(1);
        expect(await (await post(notice('while-down'), offline)).json()).toMatchObject({ status: 'sent' });
      } finally {
        await sql.end();
        await offline.close();
        await later?.kill();
        await own.drop();
      }
    }, 60_000);

    it("deletes the notices mailed to an owner with the owner's account, and only theirs", async () => {
      await post(notice('other-owner', { ownerSub: 'auth0|someone-else' }));
      const res = await fetch(`${service.url}/internal/owners/${encodeURIComponent('auth0|notice-owner')}`, {
        method: 'DELETE',
        headers: asInternal(),
      });
      // The two quota notices and the two about unsubscribe headers above.
      expect(await res.json()).toEqual({ deleted: 0, notices: 4 });
      const again = await fetch(`${service.url}/internal/owners/${encodeURIComponent('auth0|someone-else')}`, {
        method: 'DELETE',
        headers: asInternal(),
      });
      expect(await again.json()).toEqual({ deleted: 0, notices: 1 });
    });
  });
});
