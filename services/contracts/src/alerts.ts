// Zero-result e-mail alerts (issue 28): an owner on a paid plan turns on, per store, a weekly mail of the
// queries that found nothing on it. The analytics service keeps the setting and sends the mail through
// feedback's notices; the dashboard shows the switch on the analytics page and in each store's manage panel.
import { z } from './zod';

/** Queries one weekly mail lists at most (the most frequent of the week). */
export const ZERO_RESULT_ALERT_TOP = 10;

/** What the dashboard says to a free owner beside the disabled switch. */
export const ZERO_RESULT_ALERTS_UPGRADE_TEXT =
  'Weekly zero-result e-mail alerts are for upgraded plans. Upgrade to turn them on.';

const email = z.string().check(z.trim(), z.minLength(1, 'email is required'));
/** A store id as the stores service makes them (and the gateway's public routes accept). */
const storeId = z
  .string({ message: 'storeId is required' })
  .check(
    z.trim(),
    z.minLength(1, 'storeId is required'),
    z.maxLength(100, 'storeId must be at most 100 characters'),
    z.regex(/^[A-Za-z0-9_-]+$/, 'storeId must be a store id (letters, digits, - and _)'),
  );

/** One store's setting; a store never switched on has none (off). */
export const zeroResultAlertSchema = z.object({
  storeId: z.string(),
  enabled: z.boolean(),
  updatedAt: z.string(),
});
export type ZeroResultAlert = z.infer<typeof zeroResultAlertSchema>;

// POST /alerts/zero-results/list {email} -> the caller's settings, one per store they ever switched.
export const zeroResultAlertsRequestSchema = z.object({ email });
export const zeroResultAlertsResponseSchema = z.object({ alerts: z.array(zeroResultAlertSchema) });
export type ZeroResultAlertsResponse = z.infer<typeof zeroResultAlertsResponseSchema>;

// POST /alerts/zero-results/update {email, storeId, enabled} -> the store's setting.
export const zeroResultAlertUpdateSchema = z.object({
  email,
  storeId,
  enabled: z.boolean({ message: 'enabled must be true or false' }),
});
export type ZeroResultAlertUpdate = z.infer<typeof zeroResultAlertUpdateSchema>;

// GET or POST /alerts/unsubscribe?token=… (public, from the mail): a page, never JSON.
export const alertUnsubscribeQuerySchema = z.object({
  token: z
    .string({ message: 'token is required' })
    .check(z.trim(), z.minLength(1, 'token is required'), z.maxLength(1000, 'token must be at most 1000 characters')),
});

/** The store's setting in the account export (null: never switched on). */
export const zeroResultAlertExportSchema = z.object({ enabled: z.boolean(), updatedAt: z.string() });
