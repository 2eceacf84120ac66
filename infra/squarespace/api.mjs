// The Commerce API routes a site-search ingester needs, checked in Squarespace's order: User-Agent, API key,
// the website's rate limit, the route, the key's scope, the parameters.
//   GET /1.0/authorization/website                        the website of the key
//   GET /{1.0,1.1,v2}/commerce/products?type=PHYSICAL,DIGITAL   first page (50), modifiedOn ascending
//   GET /{1.0,1.1,v2}/commerce/products?cursor=<c>        next page (cursor alone)
import { decodeCursor, encodeCursor } from './cursor.mjs';
import { API_KEYS, PRODUCTS_READ } from './fixtures.mjs';
import { forbidden, invalidRequest, methodNotAllowed, notFound, rateLimited, unauthorized } from './errors.mjs';
import { productObject, websiteObject } from './objects.mjs';

export const PAGE_SIZE = 50;
export const PRODUCT_TYPES = ['PHYSICAL', 'DIGITAL'];

const PRODUCTS_PATH = /^\/(1\.0|1\.1|v2)\/commerce\/products$/;
const WEBSITE_PATH = '/1.0/authorization/website';

/**
 * @param {{ store: ReturnType<import('./store.mjs').openStore>,
 *   limiter: ReturnType<import('./rate-limit.mjs').rateLimiter>, publicUrl: string }} deps publicUrl is read
 *   on every request (known once listening)
 */
export function commerceApi(deps) {
  const { store, limiter } = deps;

  /** @param {import('node:http').IncomingMessage} req */
  function authenticate(req) {
    if (!String(req.headers['user-agent'] ?? '').trim())
      throw invalidRequest('A User-Agent header is required. Requests without one are rejected.', 'MISSING_HEADER');
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(String(req.headers.authorization ?? ''));
    if (!bearer) throw unauthorized('Missing or malformed Authorization header; expected "Bearer <API key>".');
    const grant = Object.hasOwn(API_KEYS, bearer[1]) ? API_KEYS[bearer[1]] : undefined;
    const site = grant && store.site(grant.siteId);
    if (!grant || !site) throw unauthorized('The API key is invalid or has been revoked.');
    return { site, scopes: grant.scopes };
  }

  function listProducts(url, site) {
    const params = url.searchParams;
    const { siteId } = site.website;
    let types;
    let after;
    if (params.has('cursor')) {
      if ([...params.keys()].some((key) => key !== 'cursor') || params.getAll('cursor').length > 1)
        throw invalidRequest('The cursor parameter cannot be combined with any other parameter.', 'INVALID_ARGUMENT');
      const position = decodeCursor(params.get('cursor'));
      if (!position || position.siteId !== siteId) throw invalidRequest('Invalid cursor.', 'INVALID_ARGUMENT');
      types = position.types;
      after = position;
    } else {
      const given = params.getAll('type').join(',');
      if (!given)
        throw invalidRequest(`The type parameter is required (${PRODUCT_TYPES.join(', ')}).`, 'MISSING_ARGUMENT');
      types = [...new Set(given.split(',').map((t) => t.trim()))];
      const unknown = types.find((t) => !PRODUCT_TYPES.includes(t));
      if (unknown !== undefined)
        throw invalidRequest(
          `Invalid type "${unknown}"; expected a comma-separated list of ${PRODUCT_TYPES.join(', ')}.`,
          'INVALID_ARGUMENT',
        );
      types.sort();
    }
    const matching = site.products
      .filter((p) => types.includes(p.type))
      .filter(
        (p) => !after || p.modifiedOn > after.modifiedOn || (p.modifiedOn === after.modifiedOn && p.id > after.id),
      )
      .sort((a, b) => (a.modifiedOn === b.modifiedOn ? (a.id < b.id ? -1 : 1) : a.modifiedOn < b.modifiedOn ? -1 : 1));
    const page = matching.slice(0, PAGE_SIZE);
    const hasNextPage = matching.length > PAGE_SIZE;
    const last = page.at(-1);
    const cursor =
      hasNextPage && last ? encodeCursor({ siteId, types, modifiedOn: last.modifiedOn, id: last.id }) : null;
    return {
      products: page.map((p) => productObject(deps.publicUrl, site, p)),
      pagination: {
        hasNextPage,
        nextPageCursor: cursor,
        nextPageUrl: cursor ? `${deps.publicUrl}${url.pathname}?cursor=${encodeURIComponent(cursor)}` : null,
      },
    };
  }

  return {
    /**
     * The JSON body of a successful answer; failures throw a SquarespaceError.
     * @param {import('node:http').IncomingMessage} req
     * @param {URL} url
     */
    handle(req, url) {
      const { site, scopes } = authenticate(req);
      const retryAfter = limiter.take(site.website.id);
      if (retryAfter) throw rateLimited(retryAfter);
      const method = req.method ?? 'GET';
      const known = url.pathname === WEBSITE_PATH || PRODUCTS_PATH.test(url.pathname);
      if (!known) throw notFound(`No API endpoint at ${url.pathname}.`);
      if (method !== 'GET') throw methodNotAllowed(method, url.pathname);
      if (url.pathname === WEBSITE_PATH) return websiteObject(deps.publicUrl, site);
      if (!scopes.includes(PRODUCTS_READ))
        throw forbidden(`The API key does not have the permission this endpoint needs (${PRODUCTS_READ}).`);
      return listProducts(url, site);
    },
  };
}
