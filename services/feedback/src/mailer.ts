import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { toSingleLine } from '@sniff/contracts';
import { createTransport, type Transporter } from 'nodemailer';
import { FEEDBACK_CONFIG, type FeedbackConfig } from './config';
import type { FeedbackEntity } from './feedback.entity';

/** A notice as stored (feedback.notices). */
export interface StoredNotice {
  key: string;
  recipient: string;
  subject: string;
  text: string;
  /** The one-click unsubscribe address (RFC 8058), or null. */
  listUnsubscribe: string | null;
}

/** Mail over SMTP with nodemailer (the local maildev catcher, or any real server): feedback and notices. */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly transport: Transporter;

  constructor(@Inject(FEEDBACK_CONFIG) private readonly config: FeedbackConfig) {
    this.transport = createTransport(config.SMTP_URL);
  }

  async send(message: FeedbackEntity): Promise<void> {
    // The lines under the message are one each, whatever was stored (a page sent before the contract
    // refused line breaks, an e-mail from an identity provider): no value can add a line of its own.
    const lines = [
      message.text,
      '',
      '--',
      `From: ${toSingleLine(message.ownerEmail)}`,
      `Page: ${message.page ? toSingleLine(message.page) : 'not given'}`,
      `Time: ${message.createdAt.toISOString()}`,
    ];
    await this.transport.sendMail({
      from: this.config.FEEDBACK_FROM,
      to: this.config.FEEDBACK_TO,
      cc: message.copySupport ? this.config.SUPPORT_EMAIL : undefined,
      replyTo: message.ownerEmail,
      subject: `Sniff feedback from ${toSingleLine(message.ownerEmail)}`,
      text: lines.join('\n'),
      // Mail from the owner, delivered once even if a retry follows a lost acknowledgement.
      messageId: `<${message.id}@feedback.sniff.dev>`,
    });
  }

  /** A plain mail from Sniff to an owner. */
  async sendNotice(notice: StoredNotice): Promise<void> {
    await this.transport.sendMail({
      from: this.config.NOTICES_FROM,
      to: notice.recipient,
      subject: notice.subject,
      text: notice.text,
      // RFC 2369 and 8058: mail clients show an unsubscribe button that POSTs to the address.
      ...(notice.listUnsubscribe
        ? {
            list: { unsubscribe: notice.listUnsubscribe },
            headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          }
        : {}),
      // One id per key (keys may hold characters an id may not): a resend after a lost acknowledgement is the same mail.
      messageId: `<${createHash('sha256').update(notice.key).digest('hex').slice(0, 32)}@notices.sniff.dev>`,
    });
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
