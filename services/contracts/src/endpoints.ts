import { z } from 'zod';
import {
  ownerDeletionCountsSchema,
  ownerStoresExportSchema,
  ownerUsageExportSchema,
  storeEventsExportQuerySchema,
  storeEventsExportSchema,
} from './account';
import {
  accountDeletionRequestSchema,
  accountDeletionStatusSchema,
  accountExportSchema,
  ownerFeedbackExportSchema,
} from './account-deletion';
import {
  analyticsRequestSchema,
  clicksResponseSchema,
  countResponseSchema,
  crawlMapRequestSchema,
  crawlMapResponseSchema,
  createStoreResponseSchema,
  createWebsiteRequestSchema,
  dailyResponseSchema,
  deleteStoreRequestSchema,
  deleteStoreResponseSchema,
  feedbackSendRequestSchema,
  feedbackSendResponseSchema,
  listStoresRequestSchema,
  listStoresResponseSchema,
  storeSuggestionsResponseSchema,
  syncStoreRequestSchema,
  syncStoreResponseSchema,
  timeseriesResponseSchema,
  userInfoRequestSchema,
  userInfoResponseSchema,
} from './api';
import {
  billingAccountRequestSchema,
  billingAccountResponseSchema,
  cancelCheckoutRequestSchema,
  cancelCheckoutResponseSchema,
  checkoutSessionRequestSchema,
  checkoutSessionResponseSchema,
  portalSessionRequestSchema,
  portalSessionResponseSchema,
  usageRequestSchema,
  usageResponseSchema,
} from './billing';
import {
  indexDocumentsRequestSchema,
  popularQueriesRequestSchema,
  popularQueriesResponseSchema,
  searchEventSchema,
  searchQuerySchema,
  searchResponseSchema,
  searchSettingsSchema,
  storeWidgetRulesSchema,
} from './search';
import {
  shopifyCheckStoreRequestSchema,
  shopifyCheckStoreResponseSchema,
  shopifyConnectRequestSchema,
  shopifyConnectResponseSchema,
  shopifyCsvFieldsSchema,
  shopifyCsvResponseSchema,
} from './shopify';
import { squarespaceCreateRequestSchema } from './squarespace';
import { widgetSettingsResponseSchema, widgetSettingsSchema } from './widget';

/*
 * The one registry of Sniff's HTTP endpoints: method, path, who may call, and the zod schemas of the
 * request and the answer. The services validate with these schemas and serve their OpenAPI document
 * (`GET /docs`) from this list (a test fails when a served route is missing here or validates with
 * another schema); the dashboard's RTK Query APIs build their requests and check answers with it.
 */

export type ServiceName = 'billing' | 'stores' | 'search' | 'analytics' | 'feedback';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType | null = z.ZodType | null,
> {
  service: ServiceName;
  method: HttpMethod;
  /** The service's own path (`:name` parameters); the gateway serves owner routes under `/api/<service>`. */
  path: string;
  /** public: anyone (the widget, Stripe, a browser); owner: a verified owner's token; internal: other services only. */
  access: 'public' | 'owner' | 'internal';
  summary: string;
  /** The request body; multipart: the form's text fields (the file part is described by `file`). */
  body?: Body;
  bodyType?: 'json' | 'multipart' | 'raw';
  /** multipart: the name of the file field. */
  file?: string;
  query?: z.ZodType;
  /** The status of a successful answer (200 unless said). */
  status?: number;
  /** The JSON answer; null when the answer is a redirect or a page, not JSON. */
  response: Response;
}

const endpoint = <B extends z.ZodType | undefined, R extends z.ZodType | null>(e: Endpoint<B, R>): Endpoint<B, R> => e;

// Schemas only the registry names (internal routes and their small answers).
/** PUT /internal/stores/:id/settings?version=N: the stores service's save counter for the store. */
export const settingsVersionQuerySchema = z.object({
  version: z.coerce
    .number({ message: 'version must be a number' })
    .int('version must be an integer')
    .min(1, 'version must be at least 1'),
});
export const internalStoresQuerySchema = z.object({
  owner: z.string().trim().min(1, 'owner is required'),
  url: z.string().trim().min(1, 'url is required'),
});
export const shopifyTicketQuerySchema = z.object({
  ticket: z.string().trim().min(1, 'ticket is required').max(200),
});
const eventOutcomeSchema = z.object({ accepted: z.boolean(), reason: z.string().optional() });
const indexedStoreSchema = z.object({ storeId: z.string(), documents: z.number().int(), builtAt: z.string() });
const savedSettingsSchema = z.object({ storeId: z.string(), version: z.number().int(), applied: z.boolean() });
const storedSettingsSchema = z.object({
  storeId: z.string(),
  version: z.number().int(),
  settings: searchSettingsSchema,
});
/** square/create-store and create-blog-portfolio: section 7 lists {store_id, platform, store_url}; `type` may be absent. */
const squarespaceCreatedSchema = createStoreResponseSchema.partial({ type: true });
const deletedStoreSchema = z.object({ storeId: z.string(), deleted: z.boolean() });
const webhookAnswerSchema = z.object({
  received: z.literal(true),
  duplicate: z.literal(true).optional(),
  ignored: z.literal(true).optional(),
});

export const billingEndpoints = {
  userInfo: endpoint({
    service: 'billing',
    method: 'POST',
    path: '/info/user',
    access: 'owner',
    summary: "The owner's plans",
    body: userInfoRequestSchema,
    response: userInfoResponseSchema,
  }),
  ownerPlans: endpoint({
    service: 'billing',
    method: 'GET',
    path: '/internal/users/:sub/plans',
    access: 'internal',
    summary: "An owner's plans (stores, search and analytics check quotas with them)",
    response: userInfoResponseSchema,
  }),
  checkoutSession: endpoint({
    service: 'billing',
    method: 'POST',
    path: '/stripe/checkout-session',
    access: 'owner',
    summary: 'Starts a Stripe Checkout for a plan',
    body: checkoutSessionRequestSchema,
    response: checkoutSessionResponseSchema,
  }),
  cancelCheckout: endpoint({
    service: 'billing',
    method: 'POST',
    path: '/stripe/checkout-session/cancel',
    access: 'owner',
    summary: "Ends the owner's open checkout (no plan changes)",
    body: cancelCheckoutRequestSchema,
    response: cancelCheckoutResponseSchema,
  }),
  portalSession: endpoint({
    service: 'billing',
    method: 'POST',
    path: '/stripe/portal-session',
    access: 'owner',
    summary: "Opens Stripe's billing portal",
    body: portalSessionRequestSchema,
    response: portalSessionResponseSchema,
  }),
  billingAccount: endpoint({
    service: 'billing',
    method: 'POST',
    path: '/billing/account',
    access: 'owner',
    summary: "The owner's subscriptions and invoices",
    body: billingAccountRequestSchema,
    response: billingAccountResponseSchema,
  }),
  stripeWebhook: endpoint({
    service: 'billing',
    method: 'POST',
    path: '/stripe/webhook',
    access: 'public',
    summary: "Stripe's events (the Stripe-Signature header over the raw body is the credential)",
    bodyType: 'raw',
    response: webhookAnswerSchema,
  }),
  accountExport: endpoint({
    service: 'billing',
    method: 'GET',
    path: '/account/export',
    access: 'owner',
    summary: 'Everything Sniff keeps about the owner, as JSON',
    response: accountExportSchema,
  }),
  requestAccountDeletion: endpoint({
    service: 'billing',
    method: 'POST',
    path: '/account/deletion',
    access: 'owner',
    summary: "Deletes the owner's account and data (confirmed with the account's e-mail)",
    body: accountDeletionRequestSchema,
    status: 202,
    response: accountDeletionStatusSchema,
  }),
  accountDeletion: endpoint({
    service: 'billing',
    method: 'GET',
    path: '/account/deletion',
    access: 'owner',
    summary: "How far the account's deletion is",
    response: accountDeletionStatusSchema,
  }),
};

export const storesEndpoints = {
  listStores: endpoint({
    service: 'stores',
    method: 'POST',
    path: '/managestores/list-stores',
    access: 'owner',
    summary: "The owner's stores with their sync status",
    body: listStoresRequestSchema,
    response: listStoresResponseSchema,
  }),
  syncStore: endpoint({
    service: 'stores',
    method: 'POST',
    path: '/managestores/sync-store',
    access: 'owner',
    summary: 'Re-syncs a store now (once a minute per store)',
    body: syncStoreRequestSchema,
    status: 202,
    response: syncStoreResponseSchema,
  }),
  deleteStore: endpoint({
    service: 'stores',
    method: 'POST',
    path: '/managestores/delete-store',
    access: 'owner',
    summary: 'Deletes a store with its documents, index and events',
    body: deleteStoreRequestSchema,
    response: deleteStoreResponseSchema,
  }),
  createWebsite: endpoint({
    service: 'stores',
    method: 'POST',
    path: '/saas/create-website',
    access: 'owner',
    summary: 'Creates a store for a website from the pages the owner picked',
    body: createWebsiteRequestSchema,
    response: createStoreResponseSchema,
  }),
  crawlMap: endpoint({
    service: 'stores',
    method: 'POST',
    path: '/crawl/map',
    access: 'owner',
    summary: "A website's pages, from its sitemap or links",
    body: crawlMapRequestSchema,
    response: crawlMapResponseSchema,
  }),
  createSquarespaceStore: endpoint({
    service: 'stores',
    method: 'POST',
    path: '/square/create-store',
    access: 'owner',
    summary: "Creates a store for a Squarespace shop's products",
    body: squarespaceCreateRequestSchema,
    response: squarespaceCreatedSchema,
  }),
  createSquarespaceBlog: endpoint({
    service: 'stores',
    method: 'POST',
    path: '/square/create-blog-portfolio',
    access: 'owner',
    summary: "Creates a store for a Squarespace blog's or portfolio's pages",
    body: squarespaceCreateRequestSchema,
    response: squarespaceCreatedSchema,
  }),
  checkShopifyStore: endpoint({
    service: 'stores',
    method: 'POST',
    path: '/shopify/check-store',
    access: 'owner',
    summary: 'Whether the owner already has a store for this Shopify shop',
    body: shopifyCheckStoreRequestSchema,
    response: shopifyCheckStoreResponseSchema,
  }),
  createShopifyStoreFromCsv: endpoint({
    service: 'stores',
    method: 'POST',
    path: '/shopify/create-store-csv',
    access: 'owner',
    summary: 'Creates a store from an uploaded product catalogue (CSV)',
    body: shopifyCsvFieldsSchema,
    bodyType: 'multipart',
    file: 'csv_file',
    response: shopifyCsvResponseSchema,
  }),
  connectShopify: endpoint({
    service: 'stores',
    method: 'POST',
    path: '/shopify/connect',
    access: 'owner',
    summary: "Starts connecting a Shopify shop (OAuth): the link to Shopify's consent page",
    body: shopifyConnectRequestSchema,
    response: shopifyConnectResponseSchema,
  }),
  shopifyOauthBegin: endpoint({
    service: 'stores',
    method: 'GET',
    path: '/shopify/oauth/begin',
    access: 'public',
    summary: "The owner's browser, on its way to Shopify (public as /shopify/auth): a redirect or a page",
    query: shopifyTicketQuerySchema,
    response: null,
  }),
  shopifyOauthCallback: endpoint({
    service: 'stores',
    method: 'GET',
    path: '/shopify/oauth/callback',
    access: 'public',
    summary: "Shopify's redirect back (public as /shopify/callback), signed by Shopify: a redirect or a page",
    response: null,
  }),
  searchSettings: endpoint({
    service: 'stores',
    method: 'GET',
    path: '/stores/:id/search-settings',
    access: 'owner',
    summary: "A store's synonyms and stop words",
    response: searchSettingsSchema,
  }),
  saveSearchSettings: endpoint({
    service: 'stores',
    method: 'PUT',
    path: '/stores/:id/search-settings',
    access: 'owner',
    summary: "Replaces a store's synonyms and stop words",
    body: searchSettingsSchema,
    response: searchSettingsSchema,
  }),
  suggestions: endpoint({
    service: 'stores',
    method: 'GET',
    path: '/stores/:id/suggestions',
    access: 'owner',
    summary: "Synonyms suggested from the store's own searches",
    response: storeSuggestionsResponseSchema,
  }),
  widgetSettings: endpoint({
    service: 'stores',
    method: 'GET',
    path: '/stores/:id/widget-settings',
    access: 'owner',
    summary: "A store's saved widget design and the snippet that matches it",
    response: widgetSettingsResponseSchema,
  }),
  saveWidgetSettings: endpoint({
    service: 'stores',
    method: 'PUT',
    path: '/stores/:id/widget-settings',
    access: 'owner',
    summary: "Saves a store's widget design (the plan's limits are enforced)",
    body: widgetSettingsSchema,
    response: widgetSettingsResponseSchema,
  }),
  findStores: endpoint({
    service: 'stores',
    method: 'GET',
    path: '/internal/stores',
    access: 'internal',
    summary: "An owner's stores at a URL (analytics checks ownership with it)",
    query: internalStoresQuerySchema,
    response: z.array(z.object({ id: z.string(), url: z.string() })),
  }),
  widgetRules: endpoint({
    service: 'stores',
    method: 'GET',
    path: '/internal/stores/:id/widget-rules',
    access: 'internal',
    summary: "What a store's widget may show (its plan's sizes and placeholder) and its owner's quota",
    response: storeWidgetRulesSchema,
  }),
  ownerStores: endpoint({
    service: 'stores',
    method: 'GET',
    path: '/internal/owners/:sub',
    access: 'internal',
    summary: "An owner's stores for the account export",
    response: ownerStoresExportSchema,
  }),
  deleteOwnerStores: endpoint({
    service: 'stores',
    method: 'DELETE',
    path: '/internal/owners/:sub',
    access: 'internal',
    summary: "Removes an owner's stores (account deletion)",
    response: ownerDeletionCountsSchema,
  }),
};

export const searchEndpoints = {
  search: endpoint({
    service: 'search',
    method: 'GET',
    path: '/v1/stores/:id/search',
    access: 'public',
    summary: "The widget's search (public as /v1/stores/{id}/search; CORS open)",
    query: searchQuerySchema,
    response: searchResponseSchema,
  }),
  event: endpoint({
    service: 'search',
    method: 'POST',
    path: '/v1/stores/:id/events',
    access: 'public',
    summary: "The widget's search and click events (JSON, or a text beacon holding JSON)",
    body: searchEventSchema,
    status: 202,
    response: eventOutcomeSchema,
  }),
  usage: endpoint({
    service: 'search',
    method: 'POST',
    path: '/usage',
    access: 'owner',
    summary: "This month's searches against the owner's quota",
    body: usageRequestSchema,
    response: usageResponseSchema,
  }),
  replaceDocuments: endpoint({
    service: 'search',
    method: 'PUT',
    path: '/internal/stores/:id/documents',
    access: 'internal',
    summary: "Replaces a store's documents and swaps its index (after a sync)",
    body: indexDocumentsRequestSchema,
    response: indexedStoreSchema,
  }),
  saveSettings: endpoint({
    service: 'search',
    method: 'PUT',
    path: '/internal/stores/:id/settings',
    access: 'internal',
    summary: "A store's synonyms and stop words, pushed by the stores service (newest version wins)",
    query: settingsVersionQuerySchema,
    body: searchSettingsSchema,
    response: savedSettingsSchema,
  }),
  settings: endpoint({
    service: 'search',
    method: 'GET',
    path: '/internal/stores/:id/settings',
    access: 'internal',
    summary: 'The synonyms and stop words search applies for a store, with their version',
    response: storedSettingsSchema,
  }),
  forgetWidgetRules: endpoint({
    service: 'search',
    method: 'DELETE',
    path: '/internal/stores/:id/widget-rules',
    access: 'internal',
    summary: 'The owner saved a new widget design: ask the stores service again',
    response: z.object({ storeId: z.string(), forgotten: z.literal(true) }),
  }),
  deleteStore: endpoint({
    service: 'search',
    method: 'DELETE',
    path: '/internal/stores/:id',
    access: 'internal',
    summary: "Removes a store's documents and index",
    response: deletedStoreSchema,
  }),
  ownerUsage: endpoint({
    service: 'search',
    method: 'GET',
    path: '/internal/owners/:sub',
    access: 'internal',
    summary: "An owner's search usage for the account export",
    response: ownerUsageExportSchema,
  }),
  deleteOwnerUsage: endpoint({
    service: 'search',
    method: 'DELETE',
    path: '/internal/owners/:sub',
    access: 'internal',
    summary: "Removes an owner's usage rows (account deletion)",
    response: ownerDeletionCountsSchema,
  }),
};

const analyticsPanel = <R extends z.ZodType>(path: string, summary: string, response: R) =>
  endpoint({
    service: 'analytics',
    method: 'POST',
    path: `/fetch/${path}`,
    access: 'owner',
    summary,
    body: analyticsRequestSchema,
    response,
  });

export const analyticsEndpoints = {
  timeseries: analyticsPanel('timeseries', 'Searches per day', timeseriesResponseSchema),
  zeroes: analyticsPanel('zeroes', 'Searches without results per day', countResponseSchema),
  top10: analyticsPanel('top10', 'The most searched queries', countResponseSchema),
  top10Zeroes: analyticsPanel('top10-zeroes', 'The most searched queries without results', countResponseSchema),
  daily: analyticsPanel('daily', 'Searches and zero-result rate per day', dailyResponseSchema),
  clicks: analyticsPanel('clicks', 'Click-through rate and the most clicked results', clicksResponseSchema),
  popularQueries: endpoint({
    service: 'analytics',
    method: 'GET',
    path: '/internal/stores/:storeId/popular-queries',
    access: 'internal',
    summary: "A store's popular queries (search merges them into its suggestions)",
    query: popularQueriesRequestSchema,
    response: popularQueriesResponseSchema,
  }),
  storeEvents: endpoint({
    service: 'analytics',
    method: 'GET',
    path: '/internal/stores/:storeId/events',
    access: 'internal',
    summary: "A store's search events, newest first (account export)",
    query: storeEventsExportQuerySchema,
    response: storeEventsExportSchema,
  }),
  deleteStoreEvents: endpoint({
    service: 'analytics',
    method: 'DELETE',
    path: '/internal/stores/:storeId',
    access: 'internal',
    summary: "Removes a store's events",
    response: ownerDeletionCountsSchema,
  }),
};

export const feedbackEndpoints = {
  send: endpoint({
    service: 'feedback',
    method: 'POST',
    path: '/feedback/send',
    access: 'owner',
    summary: "An owner's message to the Sniff team (sent by e-mail)",
    body: feedbackSendRequestSchema,
    response: feedbackSendResponseSchema,
  }),
  ownerMessages: endpoint({
    service: 'feedback',
    method: 'GET',
    path: '/internal/owners/:sub',
    access: 'internal',
    summary: "An owner's messages for the account export",
    response: ownerFeedbackExportSchema,
  }),
  deleteOwnerMessages: endpoint({
    service: 'feedback',
    method: 'DELETE',
    path: '/internal/owners/:sub',
    access: 'internal',
    summary: "Removes an owner's messages (account deletion)",
    response: z.object({ deleted: z.number().int() }),
  }),
};

/** Every service's endpoints, by service. */
export const ENDPOINTS: Record<ServiceName, Record<string, Endpoint>> = {
  billing: billingEndpoints,
  stores: storesEndpoints,
  search: searchEndpoints,
  analytics: analyticsEndpoints,
  feedback: feedbackEndpoints,
};

/**
 * The dashboard's request for an endpoint through the gateway (`<service>/<path>` under /api/), with
 * its path parameters filled in: what an RTK Query `query` returns.
 */
export function apiRequest(
  e: Endpoint,
  { params = {}, body }: { params?: Record<string, string>; body?: unknown } = {},
): { url: string; method: HttpMethod; body?: unknown } {
  const path = e.path.replace(/:(\w+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${e.method} ${e.path}: ${name} is missing`);
    return encodeURIComponent(value);
  });
  return { url: `${e.service}${path}`, method: e.method, ...(body === undefined ? {} : { body }) };
}
