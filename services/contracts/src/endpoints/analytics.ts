import type { z } from 'zod';
import { ownerDeletionCountsSchema, storeEventsExportQuerySchema, storeEventsExportSchema } from '../account';
import {
  analyticsRequestSchema,
  clicksResponseSchema,
  countResponseSchema,
  dailyResponseSchema,
  timeseriesResponseSchema,
} from '../api';
import {
  alertUnsubscribeQuerySchema,
  zeroResultAlertSchema,
  zeroResultAlertsRequestSchema,
  zeroResultAlertsResponseSchema,
  zeroResultAlertUpdateSchema,
} from '../alerts';
import { popularQueriesRequestSchema, popularQueriesResponseSchema } from '../search';
import { endpoint } from './endpoint';

/** One panel of the analytics page: POST /fetch/<path> with the store and the range. */
const panel = <R extends z.core.$ZodType>(path: string, summary: string, response: R) =>
  endpoint({
    service: 'analytics',
    method: 'POST',
    path: `/fetch/${path}`,
    access: 'owner',
    summary,
    body: analyticsRequestSchema,
    response,
  });

export const timeseries = /*#__PURE__*/ panel(
  'timeseries',
  'Search terms with their times, newest first',
  timeseriesResponseSchema,
);
export const zeroes = /*#__PURE__*/ panel(
  'zeroes',
  'Queries that found nothing, with their counts (ten)',
  countResponseSchema,
);
export const top10 = /*#__PURE__*/ panel('top10', 'The most searched queries', countResponseSchema);
export const top10Zeroes = /*#__PURE__*/ panel(
  'top10-zeroes',
  'The most searched queries without results',
  countResponseSchema,
);
export const daily = /*#__PURE__*/ panel('daily', 'Searches and zero-result rate per day', dailyResponseSchema);
export const clicks = /*#__PURE__*/ panel(
  'clicks',
  'Click-through rate and the most clicked results',
  clicksResponseSchema,
);
export const popularQueries = /*#__PURE__*/ endpoint({
  service: 'analytics',
  method: 'GET',
  path: '/internal/stores/:storeId/popular-queries',
  access: 'internal',
  summary: "A store's popular queries (search merges them into its suggestions)",
  query: popularQueriesRequestSchema,
  response: popularQueriesResponseSchema,
});

export const storeEvents = /*#__PURE__*/ endpoint({
  service: 'analytics',
  method: 'GET',
  path: '/internal/stores/:storeId/events',
  access: 'internal',
  summary: "A store's search events, newest first (account export)",
  query: storeEventsExportQuerySchema,
  response: storeEventsExportSchema,
});

export const deleteStoreEvents = /*#__PURE__*/ endpoint({
  service: 'analytics',
  method: 'DELETE',
  path: '/internal/stores/:storeId',
  access: 'internal',
  summary: "Removes a store's events",
  response: ownerDeletionCountsSchema,
});

export const zeroResultAlerts = /*#__PURE__*/ endpoint({
  service: 'analytics',
  method: 'POST',
  path: '/alerts/zero-results/list',
  access: 'owner',
  summary: "The caller's weekly zero-result e-mail settings, one per store ever switched (others are off)",
  body: zeroResultAlertsRequestSchema,
  response: zeroResultAlertsResponseSchema,
});

export const updateZeroResultAlert = /*#__PURE__*/ endpoint({
  service: 'analytics',
  method: 'POST',
  path: '/alerts/zero-results/update',
  access: 'owner',
  summary: "Turns a store's weekly zero-result e-mail on or off (on: paid plans only, 403 otherwise)",
  body: zeroResultAlertUpdateSchema,
  response: zeroResultAlertSchema,
});

export const unsubscribePage = /*#__PURE__*/ endpoint({
  service: 'analytics',
  method: 'GET',
  path: '/alerts/unsubscribe',
  access: 'public',
  summary: 'The link in a zero-result mail (public as /alerts/unsubscribe): a page asking to confirm',
  query: alertUnsubscribeQuerySchema,
  response: null,
});

export const unsubscribe = /*#__PURE__*/ endpoint({
  service: 'analytics',
  method: 'POST',
  path: '/alerts/unsubscribe',
  access: 'public',
  summary: "Turns the signed link's store's zero-result mail off (the page's button, RFC 8058 one-click): a page",
  query: alertUnsubscribeQuerySchema,
  response: null,
});
