import { z } from '../zod';
import { searchSettingsSchema } from '../search';

// Schemas only the registry names, for the services' internal routes and small answers. A module of
// its own that no front end reaches: the endpoints naming them are pure constants a bundle drops.
/** PUT /internal/stores/:id/settings?version=N: the stores service's save counter for the store. */
export const settingsVersionQuerySchema = z.object({
  version: z.coerce
    .number({ message: 'version must be a number' })
    .check(z.int('version must be an integer'), z.gte(1, 'version must be at least 1')),
});
export const internalStoresQuerySchema = z.object({
  owner: z.string().check(z.trim(), z.minLength(1, 'owner is required')),
  url: z.string().check(z.trim(), z.minLength(1, 'url is required')),
});
export const shopifyTicketQuerySchema = z.object({
  ticket: z.string().check(z.trim(), z.minLength(1, 'ticket is required'), z.maxLength(200)),
});
export const eventOutcomeSchema = z.object({ accepted: z.boolean(), reason: z.optional(z.string()) });
export const indexedStoreSchema = z.object({
  storeId: z.string(),
  documents: z.number().check(z.int()),
  builtAt: z.string(),
});
export const savedSettingsSchema = z.object({
  storeId: z.string(),
  version: z.number().check(z.int()),
  applied: z.boolean(),
});
export const storedSettingsSchema = z.object({
  storeId: z.string(),
  version: z.number().check(z.int()),
  settings: searchSettingsSchema,
});
export const deletedStoreSchema = z.object({ storeId: z.string(), deleted: z.boolean() });
export const webhookAnswerSchema = z.object({
  received: z.literal(true),
  duplicate: z.optional(z.literal(true)),
  ignored: z.optional(z.literal(true)),
});
export const widgetRulesForgottenSchema = z.object({ storeId: z.string(), forgotten: z.literal(true) });
/** search: GET /internal/index-cache, what the worker that answers holds (placement checks, the scale bench). */
export const indexCacheSchema = z.object({
  /** Stores whose index this worker holds, least recently used first. */
  stores: z.array(z.string()),
  /** Memory those indexes take, by their own estimate. */
  bytes: z.number().check(z.int()),
  /** Index lookups answered from memory, and loaded, since the worker started. */
  hits: z.number().check(z.int()),
  misses: z.number().check(z.int()),
  /** Whether store changes reach this worker by notification now. */
  listening: z.boolean(),
});
export const storeRefsSchema = z.array(z.object({ id: z.string(), url: z.string() }));
/** DELETE /internal/owners/:sub on feedback: the owner's messages (`deleted`) and the notices mailed to them. */
export const messagesDeletedSchema = z.object({
  deleted: z.number().check(z.int()),
  notices: z.number().check(z.int()),
});

/** billing: GET /internal/users/:sub/contact, the address the identity provider holds for the owner. */
export const ownerContactSchema = z.object({ email: z.string() });
export type OwnerContact = z.infer<typeof ownerContactSchema>;

/**
 * feedback: POST /internal/notices, a mail from Sniff to an owner (e.g. search's quota notices). The key
 * names the notice: one key is stored and mailed once, whoever posts it and however often.
 */
export const noticeRequestSchema = z.object({
  key: z
    .string({ message: 'is required' })
    .check(z.minLength(1, 'is required'), z.maxLength(200, 'must be at most 200 characters')),
  /** Whose notice it is: deleted with the owner's account. */
  ownerSub: z
    .string({ message: 'is required' })
    .check(z.minLength(1, 'is required'), z.maxLength(200, 'must be at most 200 characters')),
  // A plain pattern: the front ends' zod facade, which the contracts' sources are checked against, has no e-mail type.
  to: z
    .string({ message: 'is required' })
    .check(
      z.maxLength(320, 'must be an e-mail address'),
      z.regex(/^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/, 'must be an e-mail address'),
    ),
  subject: z.string({ message: 'is required' }).check(
    z.trim(),
    z.minLength(1, 'is required'),
    z.maxLength(200, 'must be at most 200 characters'),
    z.refine((s) => !/[\r\n]/.test(s), 'must be one line'),
  ),
  text: z
    .string({ message: 'is required' })
    .check(z.trim(), z.minLength(1, 'is required'), z.maxLength(10_000, 'must be at most 10,000 characters')),
  /**
   * A one-click unsubscribe address (https, or http locally) for the mail's List-Unsubscribe and
   * List-Unsubscribe-Post headers (RFC 8058); absent for mails one cannot unsubscribe from.
   */
  listUnsubscribe: z.optional(
    z
      .string()
      .check(
        z.maxLength(2000, 'must be at most 2000 characters'),
        z.regex(/^https?:\/\/[^\s<>"]+$/, 'must be an http(s) URL without spaces or angle brackets'),
      ),
  ),
});
export type NoticeRequest = z.infer<typeof noticeRequestSchema>;
/** sent: mailed (now or by an earlier call); queued: stored, mailed by a retry; duplicate: the key was posted before. */
export const noticeResponseSchema = z.object({
  key: z.string(),
  status: z.enum(['sent', 'queued']),
  duplicate: z.boolean(),
});
export type NoticeResponse = z.infer<typeof noticeResponseSchema>;
/** GET /internal/revoked-subjects?after=N: the subjects revoked after the gateway's cursor (0: all). */
export const revokedSubjectsQuerySchema = z.object({
  after: z._default(
    z.coerce
      .number({ message: 'after must be a number' })
      .check(z.int('after must be an integer'), z.gte(0, 'after must be at least 0')),
    0,
  ),
});
/** `cursor`: the last row given (the next poll's `after`); `more`: a page was full, ask again at once. */
export const revokedSubjectsSchema = z.object({
  subjects: z.array(z.string()),
  cursor: z.number().check(z.int()),
  more: z.boolean(),
});
