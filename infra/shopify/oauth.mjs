// Shopify's authorization code grant, as a shop answers it: the install page on /admin/oauth/authorize
// (the owner is taken to be signed in to the shop), the redirect back to the app with code, hmac, host,
// shop, state and timestamp, and the exchange of the code for an access token on
// /admin/oauth/access_token (offline tokens, online ones with grant_options[]=per-user, expiring offline
// ones with expiring=1 and their refresh). Codes are single-use and live ten minutes.
import { createHmac, timingSafeEqual } from 'node:crypto';
import getRawBody from 'raw-body';
import { hex } from './store.mjs';
import { installPage, messagePage, oauthErrorPage, pageHeaders } from './views.mjs';

/** @typedef {import('./fixtures.mjs').Shop} Shop */
/** @typedef {ReturnType<import('./store.mjs').openStore>} Store */

export const CODE_LIFETIME_MS = 10 * 60 * 1000;
const ONLINE_TOKEN_SECONDS = 86_399;
const EXPIRING_TOKEN_SECONDS = 3_600;
const REFRESH_TOKEN_SECONDS = 90 * 24 * 3_600;
const FORM_LIMIT_BYTES = 16 * 1024;
const SCOPE = /^(unauthenticated_)?(read|write)_[a-z_]+$/;

const NOT_FOUND_CODE = {
  error: 'invalid_request',
  error_description: 'The authorization code was not found or was already used',
};
const BAD_CLIENT = {
  error: 'invalid_client',
  error_description:
    'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
};

const sameSecret = (given, expected) => {
  const a = Buffer.from(String(given ?? ''));
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The hmac Shopify puts on the query it sends an app: HMAC-SHA256 (hex) with the app's secret over
 * every other parameter, sorted by name and written as a query string (`code=...&host=...&shop=...`).
 * @param {URLSearchParams} params @param {string} secret
 */
export function signQuery(params, secret) {
  const entries = [...params].filter(([key]) => key !== 'hmac' && key !== 'signature');
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHmac('sha256', secret).update(new URLSearchParams(entries).toString()).digest('hex');
}

/** Shopify's `host`: base64 (standard alphabet, no padding) of the shop's admin address. */
export const hostParam = (shop) =>
  Buffer.from(`admin.shopify.com/store/${shop.replace(/\.myshopify\.com$/, '')}`)
    .toString('base64')
    .replace(/=+$/, '');

/**
 * Whether a redirect_uri is allowed: same scheme, host and port (`*` in an allowed URL's port takes any
 * port) and a path under the allowed URL's path. Compared parsed, so `http://localhost:8080.evil.test`
 * does not pass as `http://localhost:8080`.
 * @param {string} redirectUri @param {string[]} allowed
 */
export function redirectAllowed(redirectUri, allowed) {
  let target;
  try {
    target = new URL(redirectUri);
  } catch {
    return false;
  }
  if (target.username || target.password || target.hash) return false;
  return allowed.some((entry) => {
    const wildcard = /^(https?:\/\/[^/:]+):\*(\/.*)?$/.exec(entry);
    let base;
    try {
      base = new URL(wildcard ? `${wildcard[1]}${wildcard[2] ?? '/'}` : entry);
    } catch {
      return false;
    }
    if (base.protocol !== target.protocol || base.hostname !== target.hostname) return false;
    if (!wildcard && base.port !== target.port) return false;
    const path = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
    return target.pathname === base.pathname || target.pathname.startsWith(path);
  });
}

/**
 * @param {{ store: Store, now: () => number, apiKey: string, apiSecret: string, appName: string,
 *   redirectUrls: string[] }} deps
 */
export function oauth({ store, now, apiKey, apiSecret, appName, redirectUrls }) {
  const sendPage = (res, status, html, targets = []) => res.writeHead(status, pageHeaders(targets)).end(html);
  const sendJson = (res, status, body) =>
    res
      .writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
      .end(JSON.stringify(body));

  /** The request's parameters checked as Shopify checks them; an error page is sent when they fail. */
  function checkRequest(res, params) {
    const clientId = params.get('client_id') ?? '';
    if (!sameSecret(clientId, apiKey)) {
      sendPage(
        res,
        400,
        oauthErrorPage('invalid_request', `Could not find Shopify API application with api_key ${clientId}`),
      );
      return undefined;
    }
    const redirectUri = params.get('redirect_uri') ?? '';
    if (!redirectAllowed(redirectUri, redirectUrls)) {
      sendPage(res, 400, oauthErrorPage('invalid_request', 'The redirect_uri is not whitelisted'));
      return undefined;
    }
    const scopes = (params.get('scope') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = scopes.find((s) => !SCOPE.test(s));
    if (bad !== undefined) {
      sendPage(res, 400, oauthErrorPage('invalid_scope', `Scope undefined: ${bad}`));
      return undefined;
    }
    const online = params.getAll('grant_options[]').includes('per-user');
    return { clientId, redirectUri, scopes: [...new Set(scopes)], state: params.get('state'), online };
  }

  /** Ties the install form to what was asked, so a forged post cannot widen it. */
  const formToken = (shop, request) =>
    createHmac('sha256', apiSecret)
      .update(
        JSON.stringify(['install', shop.domain, request.redirectUri, request.scopes, request.state, request.online]),
      )
      .digest('hex');

  async function readForm(req) {
    const body = await getRawBody(req, {
      length: req.headers['content-length'],
      limit: FORM_LIMIT_BYTES,
      encoding: 'utf8',
    });
    return new URLSearchParams(body);
  }

  /** GET shows the install page; POST (its form) installs or cancels. */
  async function authorize(req, res, shop, url) {
    const params = req.method === 'POST' ? await readForm(req) : url.searchParams;
    const request = checkRequest(res, params);
    if (!request) return;
    const callbackOrigin = new URL(request.redirectUri).origin;
    if (req.method !== 'POST') {
      const fields = {
        client_id: request.clientId,
        scope: request.scopes.join(','),
        redirect_uri: request.redirectUri,
        ...(request.state != null ? { state: request.state } : {}),
        'grant_options[]': request.online ? 'per-user' : '',
        authenticity_token: formToken(shop, request),
      };
      return sendPage(
        res,
        200,
        installPage({ shop, appName, scopes: request.scopes, fields, action: url.pathname, callbackOrigin }),
        [callbackOrigin],
      );
    }
    if (!sameSecret(params.get('authenticity_token'), formToken(shop, request)))
      return sendPage(
        res,
        422,
        messagePage({ title: 'Invalid request', message: 'The install form has expired. Open the app link again.' }),
      );
    const decision = params.get('decision');
    if (decision === 'cancel')
      return sendPage(
        res,
        200,
        messagePage({ title: 'Installation cancelled', message: 'Installation cancelled. You can close this window.' }),
      );
    if (decision !== 'install')
      return sendPage(res, 400, messagePage({ title: 'Invalid request', message: 'Choose Install app or Cancel.' }));
    store.expireCodes(CODE_LIFETIME_MS);
    const code = store.issueCode({
      shop: shop.domain,
      clientId: request.clientId,
      scope: request.scopes.join(','),
      online: request.online,
    });
    const callback = new URL(request.redirectUri);
    callback.searchParams.set('code', code);
    callback.searchParams.set('host', hostParam(shop.domain));
    callback.searchParams.set('shop', shop.domain);
    if (request.state != null) callback.searchParams.set('state', request.state);
    callback.searchParams.set('timestamp', String(Math.floor(now() / 1000)));
    const hmac = signQuery(callback.searchParams, apiSecret);
    // Shopify's order: code, hmac, host, shop, state, timestamp (the app's own parameters first)
    const ours = ['code', 'host', 'shop', 'state', 'timestamp'];
    const ordered = new URLSearchParams([...callback.searchParams].filter(([key]) => !ours.includes(key)));
    for (const key of ours) {
      const value = callback.searchParams.get(key);
      if (value !== null) ordered.set(key, value);
      if (key === 'code') ordered.set('hmac', hmac);
    }
    callback.search = ordered.toString();
    res.writeHead(302, { location: callback.toString(), 'cache-control': 'no-store' }).end();
  }

  async function readTokenRequest(req) {
    const raw = await getRawBody(req, {
      length: req.headers['content-length'],
      limit: FORM_LIMIT_BYTES,
      encoding: 'utf8',
    });
    const type = String(req.headers['content-type'] ?? '');
    if (type.includes('application/json')) {
      const body = JSON.parse(raw || '{}');
      return body && typeof body === 'object' ? body : {};
    }
    return Object.fromEntries(new URLSearchParams(raw));
  }

  /** The token answer Shopify gives for each kind of token. */
  function tokenAnswer(token) {
    const answer = { access_token: token.accessToken, scope: token.scope };
    if (token.expiresAt) answer.expires_in = Math.max(0, Math.round((Date.parse(token.expiresAt) - now()) / 1000));
    if (token.associatedUser) {
      answer.associated_user_scope = token.scope;
      answer.associated_user = token.associatedUser;
    }
    if (token.refreshToken) {
      answer.refresh_token = token.refreshToken;
      answer.refresh_token_expires_in = Math.round((Date.parse(token.refreshTokenExpiresAt ?? '') - now()) / 1000);
    }
    return answer;
  }

  const later = (seconds) => new Date(now() + seconds * 1000).toISOString();

  /** POST /admin/oauth/access_token (JSON or form body). */
  async function accessToken(req, res, shop) {
    let body;
    try {
      body = await readTokenRequest(req);
    } catch (error) {
      if (typeof error?.status === 'number' && error.status < 500) throw error;
      return sendJson(res, 400, { error: 'invalid_request', error_description: 'The request body could not be read.' });
    }
    const clientId = String(body.client_id ?? '');
    if (!sameSecret(clientId, apiKey))
      return sendJson(res, 400, {
        error: 'application_cannot_be_found',
        error_description: `Could not find Shopify API application with api_key ${clientId}`,
      });
    if (!sameSecret(body.client_secret, apiSecret)) return sendJson(res, 400, BAD_CLIENT);
    const grantType = body.grant_type ?? 'authorization_code';
    if (grantType === 'refresh_token') {
      const previous = store.takeRefreshToken(shop.domain, String(body.refresh_token ?? ''));
      if (!previous)
        return sendJson(res, 400, {
          error: 'invalid_grant',
          error_description: 'The refresh token was not found, has expired or was already used',
        });
      const token = store.issueToken(
        {
          shop: shop.domain,
          clientId,
          scope: previous.scope,
          expiresAt: later(EXPIRING_TOKEN_SECONDS),
          refreshToken: `shprt_${hex(16)}`,
          refreshTokenExpiresAt: later(REFRESH_TOKEN_SECONDS),
        },
        'shpat_',
      );
      return sendJson(res, 200, tokenAnswer(token));
    }
    if (grantType !== 'authorization_code')
      return sendJson(res, 400, {
        error: 'unsupported_grant_type',
        error_description: 'The authorization grant type is not supported by the authorization server.',
      });
    const grant = store.peekCode(String(body.code ?? ''));
    if (
      !grant ||
      grant.shop !== shop.domain ||
      grant.clientId !== clientId ||
      now() - grant.createdAt > CODE_LIFETIME_MS
    )
      return sendJson(res, 400, NOT_FOUND_CODE);
    store.useCode(grant.code);
    const expiring = String(body.expiring ?? '0') === '1';
    let token;
    if (grant.online)
      token = store.issueToken(
        {
          shop: shop.domain,
          clientId,
          scope: grant.scope,
          expiresAt: later(ONLINE_TOKEN_SECONDS),
          associatedUser: {
            id: 902541635,
            first_name: 'Sniff',
            last_name: 'Owner',
            email: shop.email,
            email_verified: true,
            account_owner: true,
            locale: 'en',
            collaborator: false,
          },
        },
        'shpua_',
      );
    else if (expiring)
      token = store.issueToken(
        {
          shop: shop.domain,
          clientId,
          scope: grant.scope,
          expiresAt: later(EXPIRING_TOKEN_SECONDS),
          refreshToken: `shprt_${hex(16)}`,
          refreshTokenExpiresAt: later(REFRESH_TOKEN_SECONDS),
        },
        'shpat_',
      );
    else token = store.issueToken({ shop: shop.domain, clientId, scope: grant.scope }, 'shpat_');
    return sendJson(res, 200, tokenAnswer(token));
  }

  return { authorize, accessToken };
}
