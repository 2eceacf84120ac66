/*
 * The one registry of Sniff's HTTP endpoints: method, path, who may call, and the zod schemas of the
 * request and the answer. The services declare their routes from it (`@Endpoint(entry)` in the service
 * kit maps a handler to the entry's method, path, status and access guard; `@ValidBody(entry.body)`
 * validates with its schema) and serve their OpenAPI document (`GET /docs`) from this list (a test
 * fails when a served route is missing here, a registered one is not served, or a route is declared or
 * validated with another entry's); the dashboard's RTK Query APIs build their requests and check
 * answers with it.
 */
import * as analytics from './analytics';
import * as billing from './billing';
import type { Endpoint, ServiceName } from './endpoint';
import * as feedback from './feedback';
import * as registry from './registry';
import * as search from './search';
import * as stores from './stores';

export * from './endpoint';
export {
  internalStoresQuerySchema,
  noticeRequestSchema,
  noticeResponseSchema,
  ownerContactSchema,
  settingsVersionQuerySchema,
  shopifyTicketQuerySchema,
  type NoticeRequest,
  type NoticeResponse,
  type OwnerContact,
} from './internal-schemas';
// Namespaces, one per service: a front end that uses `storesEndpoints.listStores` bundles that endpoint only.
export * as analyticsEndpoints from './analytics';
export * as billingEndpoints from './billing';
export * as feedbackEndpoints from './feedback';
export * as registryEndpoints from './registry';
export * as searchEndpoints from './search';
export * as storesEndpoints from './stores';

/** Every service's endpoints, by service (the services' /docs and the registry test read it). */
export const ENDPOINTS: Record<ServiceName, Record<string, Endpoint>> = {
  billing,
  stores,
  search,
  analytics,
  feedback,
  registry,
};
