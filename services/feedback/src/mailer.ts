import { toSingleLine } from '@sniff/contracts';
import { createTransport, type Transporter } from 'nodemailer';
import type { FeedbackConfig } from './config';
import type { FeedbackEntity } from './feedback.entity';

/** Feedback as mail, over SMTP with nodemailer (the local maildev catcher, or any real server). */
export class Mailer {
  private readonly transport: Transporter;

  constructor(private readonly config: FeedbackConfig) {
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

  close(): void {
    this.transport.close();
  }
}
