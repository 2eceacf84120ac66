import { ownerDeletionCountsSchema, ownerStoresExportSchema } from '../account';
import {
  crawlMapRequestSchema,
  crawlMapResponseSchema,
  createStoreResponseSchema,
  createWebsiteRequestSchema,
  deleteStoreRequestSchema,
  deleteStoreResponseSchema,
  listStoresRequestSchema,
  listStoresResponseSchema,
  storeSuggestionsResponseSchema,
  syncStoreRequestSchema,
  syncStoreResponseSchema,
  squarespaceCreatedSchema,
  updatePagesRequestSchema,
  updatePagesResponseSchema,
} from '../api';
import { pinCandidatesQuerySchema, pinnedPagesRequestSchema, pinnedPagesResponseSchema } from '../pins';
import { searchSettingsSchema, storeWidgetRulesSchema } from '../search';
import {
  shopifyCheckStoreRequestSchema,
  shopifyCheckStoreResponseSchema,
  shopifyConnectRequestSchema,
  shopifyConnectResponseSchema,
  replaceCatalogueFieldsSchema,
  replaceCatalogueResponseSchema,
  shopifyCsvFieldsSchema,
  shopifyCsvResponseSchema,
} from '../shopify';
import { squarespaceCreateRequestSchema } from '../squarespace';
import { widgetSettingsResponseSchema, widgetSettingsSchema } from '../widget';
import { endpoint } from './endpoint';
import { internalStoresQuerySchema, shopifyTicketQuerySchema, storeRefsSchema } from './internal-schemas';
export const listStores = /*#__PURE__*/ endpoint({
  service: 'stores',
  method: 'POST',
  path: '/managestores/list-stores',
  access: 'owner',
  summary: "The owner's stores with their sync status",
  body: listStoresRequestSchema,
  response: listStoresResponseSchema,
});

export const syncStore = /*#__PURE__*/ endpoint({
  service: 'stores',
  method: 'POST',
  path: '/managestores/sync-store',
  access: 'owner',
  summary: 'Re-syncs a store now (once a minute per store)',
  body: syncStoreRequestSchema,
  status: 202,
  response: syncStoreResponseSchema,
});

export const updatePages = /*#__PURE__*/ endpoint({
  service: 'stores',
  method: 'POST',
  path: '/managestores/update-pages',
  access: 'owner',
  summary: "Replaces a custom website's page list (within the plan's limit); a sync fetches only the added pages",
  body: updatePagesRequestSchema,
  response: updatePagesResponseSchema,
});

export const deleteStore = /*#__PURE__*/ endpoint({
  service: 'stores',
  method: 'POST',
  path: '/managestores/delete-store',
  access: 'owner',
  summary: 'Deletes a store with its documents, index and events',
  body: deleteStoreRequestSchema,
  response: deleteStoreResponseSchema,
});

export const createWebsite = /*#__PURE__*/ endpoint({
  service: 'stores',
  method: 'POST',
  path: '/saas/create-website',
  access: 'owner',
  summary: 'Creates a store for a website from the pages the owner picked',
  body: createWebsiteRequestSchema,
  response: createStoreResponseSchema,
});

export const crawlMap = /*#__PURE__*/ endpoint({
  service: 'stores',
  method: 'POST',
  path: '/crawl/map',
  access: 'owner',
  summary: "A website's pages, from its sitemap or links",
  body: crawlMapRequestSchema,
  response: crawlMapResponseSchema,
});

export const createSquarespaceStore = /*#__PURE__*/ endpoint({
  service: 'stores',
  method: 'POST',
  path: '/square/create-store',
  access: 'owner',
  summary: "Creates a store for a Squarespace shop's products",
  body: squarespaceCreateRequestSchema,
  response: squarespaceCreatedSchema,
});

export const createSquarespaceBlog = /*#__PURE__*/ endpoint({
  service: 'stores',
  method: 'POST',
  path: '/square/create-blog-portfolio',
  access: 'owner',
  summary: "Creates a store for a Squarespace blog's or portfolio's pages",
  body: squarespaceCreateRequestSchema,
  response: squarespaceCreatedSchema,
});

export const checkShopifyStore = /*#__PURE__*/ endpoint({
  service: 'stores',
  method: 'POST',
  path: '/shopify/check-store',
  access: 'owner',
  summary: 'Whether the owner already has a store for this Shopify shop',
  body: shopifyCheckStoreRequestSchema,
  response: shopifyCheckStoreResponseSchema,
});

export const createShopifyStoreFromCsv = /*#__PURE__*/ endpoint({
  service: 'stores',
  method: 'POST',
  path: '/shopify/create-store-csv',
  access: 'owner',
  summary: 'Creates a store from an uploaded product catalogue (CSV)',
  body: shopifyCsvFieldsSchema,
  bodyType: 'multipart',
  file: 'csv_file',
  response: shopifyCsvResponseSchema,
});

export const replaceShopifyCatalogue = /*#__PURE__*/ endpoint({
  service: 'stores',
  method: 'POST',
  path: '/shopify/replace-catalogue',
  access: 'owner',
  summary: "Replaces a catalogue store's products with a new CSV file (checked like the first upload)",
  body: replaceCatalogueFieldsSchema,
  bodyType: 'multipart',
  file: 'csv_file',
  response: replaceCatalogueResponseSchema,
});

export const connectShopify = /*#__PURE__*/ endpoint({
  service: 'stores',
  method: 'POST',
  path: '/shopify/connect',
  access: 'owner',
  summary: "Starts connecting a Shopify shop (OAuth): the link to Shopify's consent page",
  body: shopifyConnectRequestSchema,
  response: shopifyConnectResponseSchema,
});

export const shopifyOauthBegin = /*#__PURE__*/ endpoint({
  service: 'stores',
  method: 'GET',
  path: '/shopify/oauth/begin',
  access: 'public',
  summary: "The owner's browser, on its way to Shopify (public as /shopify/auth): a redirect or a page",
  query: shopifyTicketQuerySchema,
  response: null,
});

export const shopifyOauthCallback = /*#__PURE__*/ endpoint({
  service: 'stores',
  method: 'GET',
  path: '/shopify/oauth/callback',
  access: 'public',
  summary: "Shopify's redirect back (public as /shopify/callback), signed by Shopify: a redirect or a page",
  response: null,
});

export const searchSettings = /*#__PURE__*/ endpoint({
  service: 'stores',
  method: 'GET',
  path: '/stores/:id/search-settings',
  access: 'owner',
  summary: "A store's synonyms and stop words",
  response: searchSettingsSchema,
});

export const saveSearchSettings = /*#__PURE__*/ endpoint({
  service: 'stores',
  method: 'PUT',
  path: '/stores/:id/search-settings',
  access: 'owner',
  summary: "Replaces a store's synonyms and stop words",
  body: searchSettingsSchema,
  response: searchSettingsSchema,
});

export const suggestions = /*#__PURE__*/ endpoint({
  service: 'stores',
  method: 'GET',
  path: '/stores/:id/suggestions',
  access: 'owner',
  summary: "Synonyms suggested from the store's own searches",
  response: storeSuggestionsResponseSchema,
});

export const pinCandidates = /*#__PURE__*/ endpoint({
  service: 'stores',
  method: 'GET',
  path: '/stores/:id/pin-candidates',
  access: 'owner',
  summary: "The store's own pages that match a query, for the owner to pin (not counted as searches)",
  query: pinCandidatesQuerySchema,
  response: pinnedPagesResponseSchema,
});

export const pinnedPages = /*#__PURE__*/ endpoint({
  service: 'stores',
  method: 'POST',
  path: '/stores/:id/pinned-pages',
  access: 'owner',
  summary: 'Which pinned pages the store still has (a missing one is left out)',
  body: pinnedPagesRequestSchema,
  response: pinnedPagesResponseSchema,
});

export const widgetSettings = /*#__PURE__*/ endpoint({
  service: 'stores',
  method: 'GET',
  path: '/stores/:id/widget-settings',
  access: 'owner',
  summary: "A store's saved widget design and the snippet that matches it",
  response: widgetSettingsResponseSchema,
});

export const saveWidgetSettings = /*#__PURE__*/ endpoint({
  service: 'stores',
  method: 'PUT',
  path: '/stores/:id/widget-settings',
  access: 'owner',
  summary: "Saves a store's widget design (the plan's limits are enforced)",
  body: widgetSettingsSchema,
  response: widgetSettingsResponseSchema,
});

export const findStores = /*#__PURE__*/ endpoint({
  service: 'stores',
  method: 'GET',
  path: '/internal/stores',
  access: 'internal',
  summary: "An owner's stores at a URL (analytics checks ownership with it)",
  query: internalStoresQuerySchema,
  response: storeRefsSchema,
});

export const widgetRules = /*#__PURE__*/ endpoint({
  service: 'stores',
  method: 'GET',
  path: '/internal/stores/:id/widget-rules',
  access: 'internal',
  summary: "What a store's widget may show (its plan's sizes and placeholder) and its owner's quota",
  response: storeWidgetRulesSchema,
});

export const ownerStores = /*#__PURE__*/ endpoint({
  service: 'stores',
  method: 'GET',
  path: '/internal/owners/:sub',
  access: 'internal',
  summary: "An owner's stores for the account export",
  response: ownerStoresExportSchema,
});

export const deleteOwnerStores = /*#__PURE__*/ endpoint({
  service: 'stores',
  method: 'DELETE',
  path: '/internal/owners/:sub',
  access: 'internal',
  summary: "Removes an owner's stores for good (account deletion): none is created for them afterwards",
  response: ownerDeletionCountsSchema,
});
