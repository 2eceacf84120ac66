import { freePorts, testConfig } from '@sniff/service-kit/testing';
import { feedbackConfigSchema } from './config';
import type { FeedbackEntity } from './feedback.entity';
import { Mailer } from './mailer';

// maildev ships no types: the part of its API this test uses.
interface MailDevServer {
  listen(done: (err?: Error) => void): void;
  close(done: () => void): void;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const MailDev = require('maildev') as new (options: object) => MailDevServer;

/**
 * The mail as it arrives (maildev, a real SMTP server): a value stored before the contract refused
 * line breaks, or an e-mail an identity provider sent, still cannot add lines under the message.
 */
describe('feedback mail', () => {
  let maildev: MailDevServer;
  let inbox: string;
  let mailer: Mailer;

  beforeAll(async () => {
    const [smtp, web] = await freePorts(2);
    inbox = `http://127.0.0.1:${web}`;
    maildev = new MailDev({ smtp, web, ip: '127.0.0.1', silent: true });
    await new Promise<void>((resolve, reject) => maildev.listen((err) => (err ? reject(err) : resolve())));
    mailer = new Mailer(
      feedbackConfigSchema.parse({
        ...testConfig('postgres://unused@127.0.0.1:1/unused'),
        SMTP_URL: `smtp://127.0.0.1:${smtp}`,
      }),
    );
  });
  afterAll(async () => {
    mailer?.onApplicationShutdown();
    await new Promise<void>((resolve) => maildev?.close(resolve));
  });

  it('keeps every value under the message on its own line, whatever it holds; the message keeps its lines', async () => {
    const createdAt = new Date('2026-01-02T03:04:05.000Z');
    const message: FeedbackEntity = {
      id: 'mail-test-1',
      ownerSub: 'owner',
      ownerEmail: 'owner@example.com',
      text: 'First line\nFrom: a line of the message itself',
      page: '/dashboard\r\nFrom: ceo@sniff.dev\u2028Time: never\u2029\u0085\u000bend',
      copySupport: false,
      createdAt,
      sentAt: null,
    };
    await mailer.send(message);
    const [mail] = (await (await fetch(`${inbox}/email`)).json()) as { text: string }[];
    expect(mail!.text.trimEnd().split('\n')).toEqual([
      'First line',
      'From: a line of the message itself',
      '',
      '--',
      'From: owner@example.com',
      'Page: /dashboard From: ceo@sniff.dev Time: never end',
      `Time: ${createdAt.toISOString()}`,
    ]);
  });
});
