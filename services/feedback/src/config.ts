import { z } from 'zod';
import { baseServiceConfigSchema, requiredInProduction } from '@sniff/service-kit';

export const feedbackConfigSchema = requiredInProduction(
  baseServiceConfigSchema.extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(3105),
    /** Where mail goes out: smtp://host:port (smtps:// for TLS, user:pass@ for auth). Locally the maildev catcher. */
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, message: 'must be an SMTP URL like smtp://127.0.0.1:8025' })
      .default('smtp://127.0.0.1:8025'),
    /** The product's feedback mailbox. */
    FEEDBACK_TO: z.email('must be an e-mail address').default('feedback@sniff.dev'),
    /** The support team, copied when the owner ticks the box. */
    SUPPORT_EMAIL: z.email('must be an e-mail address').default('support@sniff.dev'),
    /** The sender of feedback mail (the owner is its Reply-To). */
    FEEDBACK_FROM: z.string().min(3).default('Sniff feedback <no-reply@sniff.dev>'),
    /** The sender of Sniff's notices to owners (e.g. the month's searches running out). */
    NOTICES_FROM: z.string().min(3).default('Sniff <no-reply@sniff.dev>'),
    /** Messages one owner may send per FEEDBACK_WINDOW_MINUTES; more are refused with 429. */
    FEEDBACK_PER_WINDOW: z.coerce.number().int().min(1).default(5),
    FEEDBACK_WINDOW_MINUTES: z.coerce.number().int().min(1).default(10),
    /** Seconds before a failed delivery (feedback or notice) is tried again (doubling each time). */
    FEEDBACK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(30),
  }),
  ['SMTP_URL'],
);
export type FeedbackConfig = z.infer<typeof feedbackConfigSchema>;
export const FEEDBACK_CONFIG = Symbol('FEEDBACK_CONFIG');
