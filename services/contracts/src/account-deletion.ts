// The owner's own account (privacy policy: export my data, Delete Account). Reached through the gateway as
// /api/billing/account/<path>; billing runs the deletion as a queued job across every service.
import { z } from './zod';
import { zeroResultAlertExportSchema } from './alerts';
import { ownerStoreExportSchema, ownerUsageExportSchema, storeEventExportSchema } from './account';
import { billingAccountResponseSchema } from './billing';

/** What a deletion does, in order; each step is recorded when done, so a retried job resumes after the last. */
export const ACCOUNT_DELETION_STEPS = [
  'subscriptions', // Stripe: every subscription canceled now, no open checkout left
  'stores', // stores: every widget, its documents and index (through search), pending ingestion
  'analytics', // analytics: the stores' search events
  'search', // search: the owner's usage counts
  'feedback', // feedback: the owner's messages
  'identity', // the sign-in account (Auth0's Management API, or the local identity provider)
  'billing', // billing's own rows of the owner
] as const;
export type AccountDeletionStep = (typeof ACCOUNT_DELETION_STEPS)[number];

/**
 * What every service answers a deleted owner (gateway 401, services 403): the account is revoked the
 * moment its deletion is asked for, and nothing more is made for it.
 */
export const ACCOUNT_DELETED_MESSAGE = 'This account has been deleted';

// POST account/deletion {confirm: the owner's e-mail} -> 202 AccountDeletionStatus
export const accountDeletionRequestSchema = z.object({
  confirm: z.string().check(z.trim(), z.minLength(1, 'confirm is required: type your e-mail address to confirm')),
});
export type AccountDeletionRequest = z.infer<typeof accountDeletionRequestSchema>;

// GET account/deletion -> AccountDeletionStatus ('none' when the owner never asked)
export const accountDeletionStatusSchema = z.object({
  status: z.enum(['none', 'pending', 'done']),
  requestedAt: z.nullable(z.string()),
  finishedAt: z.nullable(z.string()),
  steps: z.array(z.object({ step: z.enum(ACCOUNT_DELETION_STEPS), doneAt: z.nullable(z.string()) })),
  /** Why the last attempt stopped (it is retried); null when none failed. */
  lastError: z.nullable(z.string()),
});
export type AccountDeletionStatus = z.infer<typeof accountDeletionStatusSchema>;

/** A message the owner sent from the dashboard's feedback panel. */
export const ownerFeedbackMessageSchema = z.object({
  id: z.string(),
  text: z.string(),
  page: z.nullable(z.string()),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
});

// feedback (internal): GET /internal/owners/:sub
export const ownerFeedbackExportSchema = z.object({ messages: z.array(ownerFeedbackMessageSchema) });

// GET account/export -> AccountExport: everything Sniff keeps about the owner, as JSON
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  owner: z.object({ sub: z.string(), email: z.string() }),
  billing: billingAccountResponseSchema,
  stores: z.array(ownerStoreExportSchema),
  usage: ownerUsageExportSchema.shape.usage,
  analytics: z.array(
    z.object({
      storeId: z.string(),
      events: z.array(storeEventExportSchema),
      zeroResultAlerts: z.nullable(zeroResultAlertExportSchema),
    }),
  ),
  feedback: z.array(ownerFeedbackMessageSchema),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
