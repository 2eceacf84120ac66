import { ownerDeletionCountsSchema, ownerUsageExportSchema } from '../account';
import { usageRequestSchema, usageResponseSchema } from '../billing';
import {
  indexDocumentsRequestSchema,
  searchEventSchema,
  searchQuerySchema,
  searchResponseSchema,
  searchSettingsSchema,
} from '../search';
import { pinCandidatesQuerySchema, pinnedPagesRequestSchema, pinnedPagesResponseSchema } from '../pins';
import { endpoint } from './endpoint';
import {
  deletedStoreSchema,
  eventOutcomeSchema,
  indexCacheSchema,
  indexedStoreSchema,
  savedSettingsSchema,
  settingsVersionQuerySchema,
  storedSettingsSchema,
  widgetRulesForgottenSchema,
} from './internal-schemas';
export const search = /*#__PURE__*/ endpoint({
  service: 'search',
  method: 'GET',
  path: '/v1/stores/:id/search',
  access: 'public',
  summary: "The widget's search (public as /v1/stores/{id}/search; CORS open)",
  query: searchQuerySchema,
  response: searchResponseSchema,
});

export const event = /*#__PURE__*/ endpoint({
  service: 'search',
  method: 'POST',
  path: '/v1/stores/:id/events',
  access: 'public',
  summary: "The widget's search and click events (JSON, or a text beacon holding JSON)",
  body: searchEventSchema,
  status: 202,
  response: eventOutcomeSchema,
});

export const usage = /*#__PURE__*/ endpoint({
  service: 'search',
  method: 'POST',
  path: '/usage',
  access: 'owner',
  summary: "This month's searches against the owner's quota",
  body: usageRequestSchema,
  response: usageResponseSchema,
});

export const replaceDocuments = /*#__PURE__*/ endpoint({
  service: 'search',
  method: 'PUT',
  path: '/internal/stores/:id/documents',
  access: 'internal',
  summary: "Replaces a store's documents and swaps its index (after a sync)",
  body: indexDocumentsRequestSchema,
  response: indexedStoreSchema,
});

export const saveSettings = /*#__PURE__*/ endpoint({
  service: 'search',
  method: 'PUT',
  path: '/internal/stores/:id/settings',
  access: 'internal',
  summary: "A store's synonyms and stop words, pushed by the stores service (newest version wins)",
  query: settingsVersionQuerySchema,
  body: searchSettingsSchema,
  response: savedSettingsSchema,
});

export const settings = /*#__PURE__*/ endpoint({
  service: 'search',
  method: 'GET',
  path: '/internal/stores/:id/settings',
  access: 'internal',
  summary: 'The synonyms and stop words search applies for a store, with their version',
  response: storedSettingsSchema,
});

export const pinCandidates = /*#__PURE__*/ endpoint({
  service: 'search',
  method: 'GET',
  path: '/internal/stores/:id/pin-candidates',
  access: 'internal',
  summary: "The store's pages matching a query, for its owner to pin (not counted, no site check)",
  query: pinCandidatesQuerySchema,
  response: pinnedPagesResponseSchema,
});

export const pinnedPages = /*#__PURE__*/ endpoint({
  service: 'search',
  method: 'POST',
  path: '/internal/stores/:id/pinned-pages',
  access: 'internal',
  summary: "Which of these URLs are among the store's documents now",
  body: pinnedPagesRequestSchema,
  response: pinnedPagesResponseSchema,
});

export const forgetWidgetRules = /*#__PURE__*/ endpoint({
  service: 'search',
  method: 'DELETE',
  path: '/internal/stores/:id/widget-rules',
  access: 'internal',
  summary: 'The owner saved a new widget design: ask the stores service again',
  response: widgetRulesForgottenSchema,
});

export const indexCache = /*#__PURE__*/ endpoint({
  service: 'search',
  method: 'GET',
  path: '/internal/index-cache',
  access: 'internal',
  summary: 'The stores whose index the answering worker holds (each worker also answers on its own port)',
  response: indexCacheSchema,
});

export const deleteStore = /*#__PURE__*/ endpoint({
  service: 'search',
  method: 'DELETE',
  path: '/internal/stores/:id',
  access: 'internal',
  summary: "Removes a store's documents and index",
  response: deletedStoreSchema,
});

export const ownerUsage = /*#__PURE__*/ endpoint({
  service: 'search',
  method: 'GET',
  path: '/internal/owners/:sub',
  access: 'internal',
  summary: "An owner's search usage for the account export",
  response: ownerUsageExportSchema,
});

export const deleteOwnerUsage = /*#__PURE__*/ endpoint({
  service: 'search',
  method: 'DELETE',
  path: '/internal/owners/:sub',
  access: 'internal',
  summary: "Removes an owner's usage rows (account deletion)",
  response: ownerDeletionCountsSchema,
});
