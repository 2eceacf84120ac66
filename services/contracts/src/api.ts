import { z } from './zod';
import { planEntrySchema, platformSchema } from './plans';
import { sitemapUrlSchema } from './sitemap-url';
import { isSingleLine } from './unsafe-text';

/** The e-mail every dashboard payload carries; the gateway checks it against the token. */
const email = z.string().check(z.trim(), z.minLength(1, 'email is required'));

/** An absolute http(s) URL, as owners type it; a missing scheme is read as https. */
export const websiteUrlSchema = z
  .pipe(
    z
      .string()
      .check(z.trim(), z.minLength(1, 'Website URL is required.'), z.maxLength(2048, 'Website URL is too long.')),
    z.transform((v) => (/^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`)),
  )
  .check(
    z.refine((v) => {
      try {
        const u = new URL(v);
        const web = u.protocol === 'http:' || u.protocol === 'https:';
        return web && (u.hostname.includes('.') || u.hostname === 'localhost');
      } catch {
        return false;
      }
    }, 'Invalid URL format for website.'),
  );

export const STORE_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const storeStatusSchema = z.enum(STORE_STATUSES);
export type StoreStatus = z.infer<typeof storeStatusSchema>;

export const storeTypeSchema = z.enum(['store', 'ecommerce', 'blog', 'business']);
export type StoreType = z.infer<typeof storeTypeSchema>;

// billing: POST info/user
export const userInfoRequestSchema = z.object({ email });
export const userInfoResponseSchema = z.object({ plans: z.array(planEntrySchema) });
export type UserInfoResponse = z.infer<typeof userInfoResponseSchema>;

// stores: POST managestores/list-stores
export const listStoresRequestSchema = z.object({ email });
/** Where a store's content comes from: crawled pages, Squarespace's API, a CSV catalogue or a connected Shopify shop. */
export const STORE_SOURCES = ['crawl', 'squarespace', 'shopify-csv', 'shopify-oauth'] as const;
export const storeSourceSchema = z.enum(STORE_SOURCES);
export type StoreSource = z.infer<typeof storeSourceSchema>;

/** A page, post or product the last sync could not index, and why, in words an owner understands. */
export const skippedItemSchema = z.object({ item: z.string(), reason: z.string() });
export type SkippedItem = z.infer<typeof skippedItemSchema>;

export const storeSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The owner's own label for the store (step 2's optional nickname); null when none was given. */
  nickname: z.optional(z.nullable(z.string())),
  url: z.string(),
  platform: platformSchema,
  store_type: z._default(storeTypeSchema, 'store'),
  status: storeStatusSchema,
  /** Why the last sync failed (status failed), or what it skipped (status done with skipped items). */
  status_reason: z.optional(z.nullable(z.string())),
  /** Pages, posts or products the search index holds. */
  pages: z.optional(z.number().check(z.int())),
  created_at: z.optional(z.string()),
  source: z.optional(storeSourceSchema),
  /** While a sync runs: items handled so far and (once known) how many there are ("120 of 480"). */
  progress: z.optional(
    z.nullable(z.object({ done: z.number().check(z.int()), total: z.nullable(z.number().check(z.int())) })),
  ),
  /** Items the last sync skipped, with their reasons (the first 50), and how many in all. */
  skipped: z.optional(z.array(skippedItemSchema)),
  skipped_count: z.optional(z.number().check(z.int())),
  last_synced_at: z.optional(z.nullable(z.string())),
  /** A catalogue (CSV) store: when its current file was uploaded, which a sync does not change. */
  catalogue_uploaded_at: z.optional(z.nullable(z.string())),
  /** When the next scheduled sync runs (every 24 h, or 12 h on Solo Premium AI); null: none scheduled. */
  next_sync_at: z.optional(z.nullable(z.string())),
  /** When "Sync now" may be pressed again (it is rate-limited); null: now. */
  sync_available_at: z.optional(z.nullable(z.string())),
  /** A custom website (source crawl): the pages it indexes, the main URL first. Absent for other stores. */
  page_urls: z.optional(z.array(z.string())),
});
export type Store = z.infer<typeof storeSchema>;
export const listStoresResponseSchema = z.array(storeSchema);

// stores: POST managestores/delete-store
export const deleteStoreRequestSchema = z.object({
  store_id: z.string().check(z.trim(), z.minLength(1, 'store_id is required')),
  email,
  platform: z.optional(platformSchema),
});
export const deleteStoreResponseSchema = z.object({ deleted: z.literal(true), store_id: z.string() });

// stores: POST crawl/map
export const crawlMapRequestSchema = z.object({
  email,
  url: websiteUrlSchema,
  /** The owner's sitemap (step 3's optional field): when given, discovery reads it instead of guessing. */
  sitemap_url: sitemapUrlSchema,
});
export const crawlMapResponseSchema = z.object({ urls: z.array(z.string()) });
export type CrawlMapResponse = z.infer<typeof crawlMapResponseSchema>;

// stores: POST saas/create-website
export const createWebsiteRequestSchema = z.object({
  store_url: websiteUrlSchema,
  store_urls: z._default(z.array(websiteUrlSchema).check(z.maxLength(500, 'store_urls has too many pages')), []),
  store_name: z
    .string()
    .check(z.trim(), z.minLength(1, 'Store name is required.'), z.maxLength(120, 'Store name is too long.')),
  store_nickname: z.optional(z.string().check(z.trim(), z.maxLength(120))),
  platform: z.literal('custom'),
  site_type: z._default(z.enum(['business']), 'business'),
  email,
});
export type CreateWebsiteRequest = z.input<typeof createWebsiteRequestSchema>;

// stores: POST managestores/update-pages: a custom website's page list, edited in the Manage panel
export const updatePagesRequestSchema = z.object({
  store_id: z.string().check(z.trim(), z.minLength(1, 'store_id is required')),
  /** The other pages to index (the main URL, the store's url, always stays and comes first). */
  store_urls: z.array(websiteUrlSchema).check(z.maxLength(500, 'store_urls has too many pages')),
  email,
});
export type UpdatePagesRequest = z.input<typeof updatePagesRequestSchema>;
export const updatePagesResponseSchema = z.object({
  store_id: z.string(),
  /** The pages the store now indexes, the main URL first. */
  page_urls: z.array(z.string()),
  /** Pages new to the list (fetched by the queued sync) and pages taken out of it. */
  added: z.number().check(z.int()),
  removed: z.number().check(z.int()),
  /** queued when a sync was queued for the change; the store's status as it was for an unchanged list. */
  status: storeStatusSchema,
});
export type UpdatePagesResponse = z.infer<typeof updatePagesResponseSchema>;
export const createStoreResponseSchema = z.object({
  store_id: z.string(),
  platform: platformSchema,
  store_url: z.string(),
  type: storeTypeSchema,
  /** How the store gets its content; the embed snippet says so (data-import-method, data-auth-method). */
  source: z.optional(storeSourceSchema),
});
export type CreateStoreResponse = z.infer<typeof createStoreResponseSchema>;
/** square/create-store and create-blog-portfolio: section 7 lists {store_id, platform, store_url}; `type` may be absent. */
export const squarespaceCreatedSchema = z.partial(createStoreResponseSchema, { type: true });

// analytics: POST analytics/fetch/{timeseries,zeroes,top10,top10-zeroes,daily,clicks}
/** The ranges an owner can choose, in days. */
export const ANALYTICS_RANGES = [7, 30, 90] as const;
export const analyticsRequestSchema = z.object({
  email,
  url: z.string().check(z.trim(), z.minLength(1, 'url is required')),
  // Exactly one of the ranges: a number, or its plain decimal text ("30"); not [30], "3e1", "0x1e" or true.
  days: z._default(
    z.pipe(
      z.transform((v) => (typeof v === 'string' && /^\s*\d{1,3}\s*$/.test(v) ? Number(v) : v)),
      z.literal(ANALYTICS_RANGES, { message: 'days must be 7, 30 or 90' }),
    ),
    30,
  ),
});
export const timeseriesRowSchema = z.object({ query: z.string(), timestamp: z.string() });
export const countRowSchema = z.object({ query: z.string(), count: z.number().check(z.int()) });
export const timeseriesResponseSchema = z.object({ rows: z.array(timeseriesRowSchema) });
export const countResponseSchema = z.object({ rows: z.array(countRowSchema) });
export type TimeseriesRow = z.infer<typeof timeseriesRowSchema>;
/** fetch/daily: one row per day of the range (oldest first, days without searches as 0). */
export const dailyRowSchema = z.object({
  day: z.string(),
  searches: z.number().check(z.int()),
  zeroResults: z.number().check(z.int()),
});
export const dailyResponseSchema = z.object({ rows: z.array(dailyRowSchema) });
export type DailyRow = z.infer<typeof dailyRowSchema>;
/** fetch/clicks: how many searches led to a click, and the most clicked results. */
export const clicksResponseSchema = z.object({
  searches: z.number().check(z.int()),
  clicks: z.number().check(z.int()),
  rows: z.array(z.object({ url: z.string(), count: z.number().check(z.int()) })),
});
export type ClicksResponse = z.infer<typeof clicksResponseSchema>;
export type CountRow = z.infer<typeof countRowSchema>;

/** Error body every service returns for a 4xx: `message` names the problem (and the field). */
export const apiErrorSchema = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  field: z.optional(z.string()),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

// stores: GET stores/{id}/suggestions (owner): what the store's visitors are suggested from its popular queries
export const storeSuggestionSchema = z.object({
  /** Normalized query, as visitors see it suggested. */
  query: z.string(),
  /** Distinct visitors who searched it in the last 30 days. */
  visitors: z.number().check(z.int(), z.gte(0)),
  /** The owner hid it: visitors no longer see it. */
  hidden: z.boolean(),
});
export type StoreSuggestion = z.infer<typeof storeSuggestionSchema>;
export const storeSuggestionsResponseSchema = z.object({ suggestions: z.array(storeSuggestionSchema) });

// stores: POST managestores/sync-store -> 202: re-sync one store now (rate-limited per store)
export const syncStoreRequestSchema = z.object({
  store_id: z.string().check(z.trim(), z.minLength(1, 'store_id is required')),
  email,
});
export const syncStoreResponseSchema = z.object({
  store_id: z.string(),
  status: storeStatusSchema,
  /** When "Sync now" may be pressed again. */
  sync_available_at: z.string(),
});
export type SyncStoreResponse = z.infer<typeof syncStoreResponseSchema>;

// feedback: POST feedback/send (section 7). The sender is the verified owner (never the payload);
// the text carries what they wrote, and the page and time say where and when.
export const FEEDBACK_MAX_LENGTH = 5000;
export const feedbackSendRequestSchema = z.object({
  email,
  text: z
    .string({ message: 'text is required' })
    .check(
      z.trim(),
      z.minLength(1, 'Please write your feedback first'),
      z.maxLength(FEEDBACK_MAX_LENGTH, `Feedback must be at most ${FEEDBACK_MAX_LENGTH} characters`),
    ),
  /** The dashboard page the owner was on: one line of the mail, so it cannot break into more. */
  page: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(2000),
        z.refine(isSingleLine, 'page must be one line, without line breaks or control characters'),
      ),
  ),
  /** The owner ticked "copy the support team". */
  copySupport: z._default(z.boolean(), false),
});
export type FeedbackSendRequest = z.infer<typeof feedbackSendRequestSchema>;
export const feedbackSendResponseSchema = z.object({ id: z.string(), status: z.enum(['queued', 'sent']) });
export type FeedbackSendResponse = z.infer<typeof feedbackSendResponseSchema>;
