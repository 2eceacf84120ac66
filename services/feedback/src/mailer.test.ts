import { startMailCatcher, testConfig, type MailCatcher } from '@sniff/service-kit/testing';
import { feedbackConfigSchema } from './config';
import type { FeedbackEntity } from './feedback.entity';
import { Mailer } from './mailer';

/**
 * The mail as it arrives (maildev, a real SMTP server): a value stored before the contract refused
 * line breaks, or an e-mail an identity provider sent, still cannot add lines under the message.
 */
describe('feedback mail', () => {
  let catcher: MailCatcher;
  let mailer: Mailer;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    mailer = new Mailer(
      feedbackConfigSchema.parse({
        ...testConfig('postgres://unused@127.0.0.1:1/unused'),
        SMTP_URL: catcher.smtpUrl,
      }),
    );
  });
  afterAll(async () => {
    mailer?.onApplicationShutdown();
    await catcher?.close();
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
    const [mail] = await catcher.delivered();
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
