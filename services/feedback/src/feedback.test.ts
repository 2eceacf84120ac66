import {
  asInternal,
  asOwner,
  createTestDatabase,
  freePorts,
  startTestService,
  testConfig,
  TestService,
} from '@sniff/service-kit/testing';
import { FeedbackAppModule } from './app.module';
import type { FeedbackConfig } from './config';

// maildev ships no types: the part of its API these tests use.
interface MailDevServer {
  listen(done: (err?: Error) => void): void;
  close(done: () => void): void;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const MailDev = require('maildev') as new (options: object) => MailDevServer;

interface Delivered {
  subject: string;
  text: string;
  to: { address: string }[];
  cc?: { address: string }[];
  replyTo?: { address: string }[];
}

/**
 * feedback/send against a real SMTP server (maildev, read through its REST API) and a real Postgres:
 * the message arrives, bad input changes nothing, the per-owner limit holds, an SMTP outage loses
 * nothing, and the account job can export and delete an owner's messages.
 */
describe('feedback', () => {
  let db: { url: string; drop(): Promise<void> };
  let maildev: MailDevServer;
  let inbox: string;
  let smtpPort: number;
  let service: TestService;

  const start = async (overrides: Partial<FeedbackConfig>) => {
    const config = { ...testConfig(db.url), ...overrides };
    return startTestService(FeedbackAppModule.forRoot(config), config);
  };
  const send = (owner: string, body: object, to = service) =>
    fetch(`${to.url}/feedback/send`, {
      method: 'POST',
      headers: asOwner(owner),
      body: JSON.stringify({ email: `${owner}@example.com`, ...body }),
    });
  const delivered = async (): Promise<Delivered[]> => (await (await fetch(`${inbox}/email`)).json()) as Delivered[];
  const stored = async (owner: string, to = service) =>
    (
      (await (await fetch(`${to.url}/internal/owners/${owner}`, { headers: asInternal() })).json()) as {
        messages: { text: string; sentAt: string | null }[];
      }
    ).messages;

  beforeAll(async () => {
    db = await createTestDatabase();
    const [smtp, web] = await freePorts(2);
    smtpPort = smtp!;
    inbox = `http://127.0.0.1:${web}`;
    maildev = new MailDev({ smtp: smtpPort, web, ip: '127.0.0.1', silent: true });
    await new Promise<void>((resolve, reject) => maildev.listen((err) => (err ? reject(err) : resolve())));
    service = await start({
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      FEEDBACK_TO: 'feedback@sniff.test',
      SUPPORT_EMAIL: 'support@sniff.test',
      FEEDBACK_PER_WINDOW: 3,
    });
  });
  afterAll(async () => {
    await service?.close();
    await new Promise<void>((resolve) => maildev?.close(resolve));
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
    expect(await res.json()).toEqual({ deleted: 1 });
    expect(await stored('owner-a')).toEqual([]);
    expect(await stored('owner-c')).toHaveLength(3);
    // Not for anyone without the internal token.
    expect((await fetch(`${service.url}/internal/owners/owner-a`)).status).toBe(403);
  });
});
