import { Controller, Header, Param, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { SearchEvent, type SearchResponse, searchEndpoints } from '@sniff/contracts';
import {
  BodyLimit,
  ClientAddresses,
  Endpoint,
  type FastRoute,
  KB,
  type QueryOf,
  ValidBody,
  ValidQuery,
} from '@sniff/service-kit';
import { QueryService } from './query.service';
import { JsonTextPipe } from './json-text.pipe';
import { SearchEvents } from '../events/search-events.service';

/** Seconds a search answer may be reused (a re-index shows up at most this much later). */
export const SEARCH_MAX_AGE_S = 2;
const SEARCH_CACHE_CONTROL = `public, max-age=${SEARCH_MAX_AGE_S}`;
type SearchQuery = QueryOf<typeof searchEndpoints.search>;

/** A widget's search, for the Nest route and the fast route alike. */
function search(
  queries: QueryService,
  clients: ClientAddresses,
  storeId: string,
  query: SearchQuery,
  req: IncomingMessage,
): Promise<SearchResponse> {
  return queries.search({
    storeId,
    q: query.q,
    limit: query.limit,
    descriptionLength: query.descriptionLength,
    session: query.session,
    // Believed from SEARCH_TRUSTED_PROXIES only (see event()): what counting is capped by.
    address: clients.of(req).address,
    origin: req.headers.origin,
  });
}

/**
 * The same search answered before Fastify and Nest (kit's fast-routes.ts): every visitor keystroke
 * that misses the gateway's cache comes here, and their per-request work was most of its cost.
 * What the fast path does not take (a bad query, say) reaches the Nest route below.
 */
export function fastSearchRoute(
  queries: QueryService,
  clients: ClientAddresses,
): FastRoute<typeof searchEndpoints.search> {
  return {
    entry: searchEndpoints.search,
    headers: { 'cache-control': SEARCH_CACHE_CONTROL },
    handle: (params, query, req) => search(queries, clients, params.id, query, req),
  };
}

/** The widget's API: public, keyed by store id (the gateway adds CORS). */
@Controller()
export class PublicController {
  constructor(
    private readonly queries: QueryService,
    private readonly events: SearchEvents,
    private readonly clients: ClientAddresses,
  ) {}

  /**
   * The same query gets the same answer until the store is re-indexed; a couple of seconds of
   * reuse (browser, the gateway's micro-cache, a CDN) spares the engine the many visitors who
   * type the same letters (an answer from a cache counts nothing). Errors are not cached (the error
   * filter sets no such header).
   */
  @Endpoint(searchEndpoints.search)
  @Header('cache-control', SEARCH_CACHE_CONTROL)
  query(
    @Param('id') storeId: string,
    @ValidQuery(searchEndpoints.search.query) query: SearchQuery,
    @Req() req: FastifyRequest,
  ): Promise<SearchResponse> {
    return search(this.queries, this.clients, storeId, query, req.raw);
  }

  /**
   * 202 whether the event was taken or dropped (`accepted` says which): a beacon cannot act on an error.
   * The visitor is the address the gateway forwards, believed only from SEARCH_TRUSTED_PROXIES (else
   * the socket's): a caller that reaches the service another way cannot pose as many visitors.
   */
  @Endpoint(searchEndpoints.event)
  @BodyLimit(16 * KB) // one event is well under 3 KB; JSON or a text beacon alike
  event(
    @Param('id') storeId: string,
    @ValidBody(searchEndpoints.event.body, new JsonTextPipe()) event: SearchEvent,
    @Req() req: FastifyRequest,
  ) {
    return this.events.record(storeId, event, this.clients.of(req.raw).address);
  }
}
