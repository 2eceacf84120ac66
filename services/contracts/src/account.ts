import { queryInteger } from './integers';
import { z } from './zod';
import { storeSourceSchema, storeStatusSchema, storeTypeSchema } from './api';
import { platformSchema } from './plan-schemas';
import { zeroResultAlertExportSchema } from './alerts';
import { indexDocumentSchema, searchSettingsSchema } from './search';
import { SQUARESPACE_SEARCH_TYPES } from './squarespace';
import { savedWidgetSettingsSchema } from './widget';

/*
 * The owner's data for "Export my data" and "Delete Account" (spec section 9). Billing's account job
 * calls each service's internal routes (never exposed by the gateway) and assembles the export.
 */

/** What a service removed for an owner or a store, by kind; a second call answers zeros. */
export const ownerDeletionCountsSchema = z.object({
  deleted: z.record(z.string(), z.number().check(z.int(), z.gte(0))),
});
export type OwnerDeletionCounts = z.infer<typeof ownerDeletionCountsSchema>;

/** One store as its owner entered or chose it: no credential, only whether one is connected. */
export const ownerStoreExportSchema = z.object({
  id: z.string(),
  name: z.string(),
  nickname: z.nullable(z.string()),
  url: z.string(),
  platform: platformSchema,
  storeType: storeTypeSchema,
  /** Where its content comes from, and the non-secret settings of that source. */
  source: storeSourceSchema,
  sourceConfig: z.object({
    storeType: z.optional(z.enum(['ecommerce', 'blog'])),
    searchType: z.optional(z.enum(SQUARESPACE_SEARCH_TYPES)),
    sitemapUrl: z.optional(z.string()),
    siteUrl: z.optional(z.string()),
    shop: z.optional(z.string()),
  }),
  /** Whether a Squarespace API key or Shopify access token is held (the key itself is never exported). */
  connected: z.boolean(),
  /** The pages the owner selected (main URL first). */
  pageUrls: z.array(z.string()),
  status: storeStatusSchema,
  statusReason: z.nullable(z.string()),
  pagesIndexed: z.number().check(z.int()),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastSyncedAt: z.nullable(z.string()),
  nextSyncAt: z.nullable(z.string()),
  /** Saved widget look and its version; null when the owner never saved one (the defaults apply). */
  widgetSettings: z.nullable(savedWidgetSettingsSchema),
  /** Synonyms, stop words and hidden suggestions; null when never saved. */
  searchSettings: z.nullable(searchSettingsSchema),
  /** The pages and products it indexes, as last synced (the privacy policy promises them in the export). */
  indexed: z.array(indexDocumentSchema),
});
export type OwnerStoreExport = z.infer<typeof ownerStoreExportSchema>;

// stores (internal): GET /internal/owners/:sub
export const ownerStoresExportSchema = z.object({ stores: z.array(ownerStoreExportSchema) });
export type OwnerStoresExport = z.infer<typeof ownerStoresExportSchema>;

// search (internal): GET /internal/owners/:sub -> the owner's counted visitor searches per month.
export const ownerUsageExportSchema = z.object({
  usage: z.array(z.object({ periodStart: z.string(), searches: z.number().check(z.int()) })),
});
export type OwnerUsageExport = z.infer<typeof ownerUsageExportSchema>;

/** Most events one export call returns (and the default). */
export const STORE_EVENTS_EXPORT_LIMIT = 10_000;

// analytics (internal): GET /internal/stores/:id/events?limit=N, newest first.
export const storeEventsExportQuerySchema = z.object({
  limit: z._default(queryInteger('limit', 1, STORE_EVENTS_EXPORT_LIMIT), STORE_EVENTS_EXPORT_LIMIT),
});
/** A search intent or a click on the store's widget; never who the visitor was. */
export const storeEventExportSchema = z.object({
  type: z.enum(['search', 'click']),
  query: z.string(),
  at: z.string(),
  resultCount: z.nullable(z.number().check(z.int())),
  url: z.nullable(z.string()),
});
export const storeEventsExportSchema = z.object({
  events: z.array(storeEventExportSchema),
  /** The store's weekly zero-result e-mail setting; null when never switched on (older services: absent). */
  zeroResultAlerts: z._default(z.nullable(zeroResultAlertExportSchema), null),
});
export type StoreEventsExport = z.infer<typeof storeEventsExportSchema>;
