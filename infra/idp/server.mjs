// The local identity provider (oidc-provider 9) speaking Auth0's routes, so @auth0/auth0-react works
// unchanged with domain = "http://localhost:8090", and the part of Auth0's Management API the product uses
// (management.mjs), so the auth0 SDK's ManagementClient works with domain = "localhost:8090". Env
// (config.mjs): IDP_PORT, IDP_ISSUER, PUBLIC_URL, DATABASE_URL, AUTH_AUDIENCE, IDP_SIGNIN_BLOCK_SECONDS,
// IDP_MGMT_CLIENT_ID, IDP_MGMT_CLIENT_SECRET, IDP_MGMT_RATE_LIMIT, IDP_TLS_CERT_FILE, IDP_TLS_KEY_FILE.
// `node infra/idp/server.mjs`.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import Provider, { errors } from 'oidc-provider';
import { idpOptionsFromEnv } from './config.mjs';
import { checkLoginForm, checkSignupForm, readForm, refusedBodyStatus } from './forms.mjs';
import { MANAGEMENT_SCOPES, managementHandler } from './management.mjs';
import { peekForm, unsafeParameter } from './parameters.mjs';
import { NoSniffResponse, providerSecurityHeaders, securityHeaders } from './security-headers.mjs';
import { signInThrottle } from './sign-in-throttle.mjs';
import { openStore } from './store.mjs';
import { userinfoHandler } from './userinfo.mjs';
import { errorPage, loggedOutPage, loginPage, logoutPage, signupPage } from './views.mjs';

export const CLIENT_ID = 'sniff-dashboard';
export const EMAIL_CLAIM = 'https://sniff.dev/email';
const FULL_SCOPE = 'openid profile email offline_access';

/**
 * The audiences of the Management API: Auth0's is `https://{domain}/api/v2/` (what ManagementClient asks for);
 * with an http issuer, `{issuer}api/v2/` too, for a client that speaks plain http.
 * @param {string} issuer
 */
export function managementAudiences(issuer) {
  return [...new Set([`https://${new URL(issuer).host}/api/v2/`, new URL('api/v2/', issuer).href])];
}

/**
 * Builds and starts the identity provider.
 * @param {{ port?: number, issuer?: string, publicUrl?: string, databaseUrl: string, audience?: string,
 *   signInBlockSeconds?: number, management?: { clientId: string, clientSecret: string, perMinute?: number },
 *   tls?: { certFile: string, keyFile: string }, log?: (line: string) => void }} options
 *   tls: the port then also speaks HTTPS with this certificate (told apart by the first byte of a connection)
 * @returns {Promise<{ url: string, issuer: string, close(): Promise<void> }>}
 */
export async function startIdp({
  port = 8090,
  issuer = `http://localhost:${port}/`,
  publicUrl = 'http://localhost:8080',
  databaseUrl,
  audience = 'https://api.sniff.dev',
  signInBlockSeconds = 60,
  management = { clientId: 'sniff-management', clientSecret: 'local-management-secret-not-for-production' },
  tls,
  log = (line) => console.log(line),
}) {
  const store = await openStore(databaseUrl);
  const throttle = signInThrottle({ blockSeconds: signInBlockSeconds });
  const publicOrigin = new URL(publicUrl).origin;
  const pageHeaders = securityHeaders({ issuer, publicOrigin });
  const sessionCookie = { httpOnly: true, sameSite: 'lax', signed: true, path: '/' };
  const signingKey = await store.signingKey();
  const userinfo = userinfoHandler({
    jwk: signingKey,
    issuer,
    audience,
    publicOrigin,
    findAccount: (id) => store.findById(id),
  });
  const mgmtAudiences = managementAudiences(issuer);
  const managementApi = managementHandler({
    jwk: signingKey,
    issuer,
    audiences: mgmtAudiences,
    perMinute: management.perMinute ?? 600,
    store,
    log,
  });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        // the shell uses `${origin}/dashboard`; the bare origin is registered for standalone tools
        redirect_uris: [`${publicOrigin}/dashboard`, `${publicOrigin}/`],
        post_logout_redirect_uris: [publicOrigin, `${publicOrigin}/`],
      },
      {
        // the Machine-to-Machine application authorised for the Management API (client_secret_post, as
        // the auth0 SDK sends it)
        client_id: management.clientId,
        client_secret: management.clientSecret,
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
      },
    ],
    adapter: store.adapter,
    jwks: { keys: [signingKey] },
    cookies: {
      keys: await store.cookieKeys(),
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
    },
    routes: {
      authorization: '/authorize',
      token: '/oauth/token',
      jwks: '/.well-known/jwks.json',
      revocation: '/oauth/revoke',
      end_session: '/oidc/logout',
    },
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    ttl: {
      AccessToken: 60 * 60,
      IdToken: 60 * 60,
      AuthorizationCode: 60,
      Interaction: 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      RefreshToken: 14 * 24 * 60 * 60,
    },
    claims: { openid: ['sub'], profile: ['name'], email: ['email', 'email_verified'] },
    // auth0-spa-js reads the user's name and e-mail from the ID token
    conformIdTokenClaims: false,
    extraParams: ['audience', 'screen_hint'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: false }, // /userinfo is answered by userinfo.mjs (Auth0-style)
      revocation: { enabled: true },
      // oidc-provider's own sign-out pages, in the IdP's look and within its Content-Security-Policy
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = loggedOutPage();
        },
      },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // Auth0's `audience`: a parameter of /authorize; the token endpoint only keeps it in the raw body
        defaultResource: (ctx) => ctx.oidc.params?.audience ?? ctx.oidc.body?.audience ?? audience,
        useGrantedResource: () => true,
        // Each client gets tokens for its own audience only: the dashboard for the API, the
        // machine-to-machine client for the Management API.
        getResourceServerInfo: (ctx, resourceIndicator, client) => {
          const jwt = { accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } };
          if (resourceIndicator === audience && client?.clientId !== management.clientId)
            return { scope: FULL_SCOPE, audience, ...jwt };
          if (mgmtAudiences.includes(resourceIndicator) && client?.clientId === management.clientId) {
            // Auth0 grants every scope of the client grant when client_credentials asks none; the
            // grant reads the requested scope only after resolving the resource, so it is filled in here.
            if (ctx.oidc.params && !ctx.oidc.params.scope) ctx.oidc.params.scope = MANAGEMENT_SCOPES.join(' ');
            return { scope: MANAGEMENT_SCOPES.join(' '), audience: resourceIndicator, ...jwt };
          }
          if (resourceIndicator === audience || mgmtAudiences.includes(resourceIndicator))
            throw new errors.InvalidTarget(`this client may not get tokens for ${resourceIndicator}`);
          throw new errors.InvalidTarget(`unknown audience ${resourceIndicator}`);
        },
      },
    },
    issueRefreshToken: (_ctx, client) => client.clientId === CLIENT_ID && client.grantTypeAllowed('refresh_token'),
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const account = await store.findById(token.accountId);
      return account ? { [EMAIL_CLAIM]: account.email } : undefined;
    },
    clientBasedCORS: (_ctx, origin) => origin === publicOrigin,
    findAccount: async (_ctx, id) => {
      const account = await store.findById(id);
      if (!account) return undefined;
      return {
        accountId: account.id,
        claims: async () => ({ sub: account.id, name: account.name, email: account.email, email_verified: true }),
      };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(out.error_description ?? out.error);
    },
  });
  provider.on('server_error', (_ctx, error) => log(`idp server_error: ${error.stack ?? error}`));

  provider.use(providerSecurityHeaders(pageHeaders));

  // offline_access is only honoured with prompt=consent; consent is automatic for this first-party
  // client, so ask for it whenever offline_access is requested (auth0-spa-js with useRefreshTokens).
  provider.use(async (ctx, next) => {
    if (ctx.path === '/authorize' && ctx.method === 'GET') {
      const query = new URLSearchParams(ctx.querystring);
      const prompts = (query.get('prompt') ?? '').split(' ').filter(Boolean);
      if (
        (query.get('scope') ?? '').split(' ').includes('offline_access') &&
        !prompts.includes('none') &&
        !prompts.includes('consent')
      ) {
        query.set('prompt', [...prompts, 'consent'].join(' '));
        ctx.querystring = query.toString();
      }
    }
    await next();
  });

  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path === '/.well-known/openid-configuration' && ctx.body)
      ctx.body = { ...ctx.body, userinfo_endpoint: new URL('userinfo', issuer).href };
  });

  const providerCallback = provider.callback();

  const sendHtml = (res, status, html, headers = {}) => {
    res.writeHead(status, {
      ...headers,
      ...pageHeaders,
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.end(html);
  };
  const tooMany = (res, retryAfter, page) => sendHtml(res, 429, page, { 'retry-after': String(retryAfter) });
  const inSeconds = (n) => `Try again in ${n} second${n === 1 ? '' : 's'}.`;
  // The IdP listens on loopback only, with no proxy in front: the socket's address is the client's.
  const clientAddress = (req) => req.socket.remoteAddress ?? 'unknown';

  /** First-party client: grant whatever the consent prompt is missing, then carry on. */
  async function autoConsent(req, res, details) {
    const { prompt, params, session, grantId } = details;
    const grant = grantId
      ? await provider.Grant.find(grantId)
      : new provider.Grant({ accountId: session.accountId, clientId: String(params.client_id) });
    const missing = prompt.details;
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    if (missing.missingResourceScopes) {
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes))
        grant.addResourceScope(indicator, scopes.join(' '));
    }
    const savedId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { consent: grantId ? {} : { grantId: savedId } },
      { mergeWithLastSubmission: true },
    );
  }

  async function interaction(req, res, url) {
    const [, , uid, action] = url.pathname.split('/');
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) return sendHtml(res, 400, errorPage('This sign-in link has expired. Please start again.'));
    if (req.method === 'GET' && !action) {
      if (details.prompt.name === 'consent') return autoConsent(req, res, details);
      const screen = url.searchParams.get('screen') ?? (details.params.screen_hint === 'signup' ? 'signup' : 'login');
      const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
      return sendHtml(
        res,
        200,
        screen === 'signup' ? signupPage({ uid, email: hint }) : loginPage({ uid, email: hint }),
      );
    }
    if (req.method === 'POST' && (action === 'login' || action === 'signup')) {
      const page = action === 'login' ? loginPage : signupPage;
      let form;
      try {
        form = await readForm(req);
      } catch (error) {
        const status = refusedBodyStatus(error);
        if (!status) throw error;
        // stop reading: the rest of a refused body is not waited for
        res.setHeader('connection', 'close');
        const message = status === 413 ? 'The form is too large.' : 'The form could not be read.';
        return sendHtml(res, status, page({ uid, error: message }));
      }
      return action === 'login' ? login(req, res, uid, form) : signup(req, res, uid, form);
    }
    return sendHtml(res, 404, errorPage('Not found.'));
  }

  const signIn = (req, res, account) =>
    provider.interactionFinished(req, res, { login: { accountId: account.id } }, { mergeWithLastSubmission: false });

  async function login(req, res, uid, form) {
    const checked = checkLoginForm(form);
    if (!checked.ok) return sendHtml(res, 400, loginPage({ uid, ...checked.echo, error: checked.error }));
    const { email, password } = checked.value;
    const attempt = await throttle.signIn(email.toLowerCase(), clientAddress(req));
    if ('retryAfter' in attempt) {
      const error = `Too many sign-in attempts. ${inSeconds(attempt.retryAfter)}`;
      return tooMany(res, attempt.retryAfter, loginPage({ uid, email, error }));
    }
    const account = await store.authenticate(email, password);
    if (!account) {
      await attempt.failed();
      return sendHtml(res, 401, loginPage({ uid, email, error: 'Wrong e-mail or password.' }));
    }
    await attempt.succeeded();
    return signIn(req, res, account);
  }

  async function signup(req, res, uid, form) {
    const checked = checkSignupForm(form);
    if (!checked.ok) return sendHtml(res, 400, signupPage({ uid, ...checked.echo, error: checked.error }));
    const { email, name, password } = checked.value;
    const refused = await throttle.signUp(clientAddress(req));
    if (refused) {
      const error = `Too many sign-ups from this address. ${inSeconds(refused.retryAfter)}`;
      return tooMany(res, refused.retryAfter, signupPage({ uid, email, name, error }));
    }
    const account = await store.create({ email, name, password });
    if (!account)
      return sendHtml(res, 400, signupPage({ uid, email, name, error: 'An account with this e-mail already exists.' }));
    log(`idp: created account ${account.id} <${account.email}>`);
    return signIn(req, res, account);
  }

  /** Auth0's /v2/logout: ends the session, then goes back to returnTo on the product's origin. */
  async function logout(req, res, url) {
    const returnTo = url.searchParams.get('returnTo') ?? publicOrigin;
    let target;
    try {
      target = new URL(returnTo);
    } catch {
      target = undefined;
    }
    if (!target || target.origin !== publicOrigin) {
      res.writeHead(400, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({ statusCode: 400, error: 'Bad Request', message: 'returnTo must be on the product origin.' }),
      );
    }
    const ctx = provider.createContext(req, res);
    const session = await provider.Session.get(ctx);
    if (session.authorizations) {
      for (const { grantId } of Object.values(session.authorizations)) {
        if (!grantId) continue;
        const grant = await provider.Grant.find(grantId);
        if (grant) await grant.destroy();
      }
    }
    if (session.exp) await session.destroy();
    ctx.cookies.set(provider.cookieName('session'), null, sessionCookie);
    res.statusCode = 302;
    res.setHeader('location', target.href);
    res.setHeader('cache-control', 'no-store');
    res.end();
  }

  /**
   * A parameter that is not clean text (parameters.mjs) is refused as oidc-provider refuses a request:
   * 400 invalid_request, its error page for a browser, JSON otherwise; Auth0's error body on the
   * Management API.
   */
  function refuseParameter(req, res, name, api) {
    const description = `${name} must be UTF-8 text without NUL characters`;
    req.resume(); // the form, read and put back, is not wanted now
    const json = (body) => {
      res.writeHead(400, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    if (api) return json({ statusCode: 400, error: 'Bad Request', message: description });
    if (provider.createContext(req, res).accepts('json', 'html') === 'html')
      return sendHtml(res, 400, errorPage(description));
    json({ error: 'invalid_request', error_description: description });
  }

  /** @type {import('node:http').RequestListener} */
  const handleRequest = (req, res) => {
    const url = new URL(req.url ?? '/', 'http://idp');
    const api = url.pathname.startsWith('/api/v2/');
    const query = req.url?.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
    // the sign-in forms check their own bodies, and show the form again with the message (forms.mjs)
    const signInForm = url.pathname.startsWith('/interaction/');
    (signInForm ? Promise.resolve(undefined) : peekForm(req)).then((form) => {
      const unsafe = unsafeParameter(query) ?? unsafeParameter(form);
      if (unsafe) return refuseParameter(req, res, unsafe, api);
      route(req, res, url, api);
    });
  };

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {URL} url @param {boolean} api */
  const route = (req, res, url, api) => {
    const handle = url.pathname.startsWith('/interaction/')
      ? interaction(req, res, url)
      : url.pathname === '/v2/logout' && req.method === 'GET'
        ? logout(req, res, url)
        : url.pathname === '/userinfo'
          ? userinfo(req, res)
          : api
            ? managementApi(req, res, url)
            : url.pathname === '/healthz'
              ? Promise.resolve(res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}'))
              : null;
    if (!handle) return providerCallback(req, res);
    handle.catch((error) => {
      const expired = !api && (error?.name === 'SessionNotFound' || error?.error === 'invalid_request');
      if (!expired) log(`idp error: ${error?.stack ?? error}`);
      if (res.headersSent) return res.end();
      if (api) {
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        return res.end(JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'Internal error' }));
      }
      sendHtml(
        res,
        expired ? 400 : 500,
        errorPage(expired ? 'This sign-in link has expired. Please start again.' : 'Internal error.'),
      );
    });
  };
  const { server, closeAll } = listener(handleRequest, tls);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(undefined));
  });
  const actual = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
  return {
    url: `http://localhost:${actual}`,
    issuer,
    close: async () => {
      await new Promise((resolve) => {
        server.close(() => resolve(undefined));
        closeAll();
      });
      await store.close();
    },
  };
}

/**
 * The IdP's server: plain HTTP, or with `tls` HTTP and HTTPS on the same port. Auth0 is HTTPS only and the
 * auth0 SDK's ManagementClient builds https://{domain} URLs, while browsers use the http issuer: a TLS
 * connection starts with a handshake record (first byte 0x16), an HTTP one with a method name.
 * @param {import('node:http').RequestListener} handleRequest
 * @param {{ certFile: string, keyFile: string } | undefined} tls
 */
function listener(handleRequest, tls) {
  // every answer, pages and errors alike, whoever writes it, says nosniff
  const plain = http.createServer({ ServerResponse: NoSniffResponse }, handleRequest);
  if (!tls) return { server: plain, closeAll: () => plain.closeAllConnections() };
  const secure = https.createServer(
    { cert: readFileSync(tls.certFile), key: readFileSync(tls.keyFile), ServerResponse: NoSniffResponse },
    handleRequest,
  );
  const sockets = new Set();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    // a connection that never says which protocol it speaks is not kept
    socket.setTimeout(30_000, () => socket.destroy());
    socket.once('data', (first) => {
      socket.setTimeout(0);
      socket.pause();
      socket.unshift(first);
      (first[0] === 0x16 ? secure : plain).emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
  });
  return { server, closeAll: () => sockets.forEach((socket) => socket.destroy()) };
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const config = idpOptionsFromEnv(process.env);
  if (!config.ok) {
    console.error(`idp: ${config.error}`);
    process.exit(1);
  }
  startIdp(config.options).then(
    (idp) => {
      console.log(`identity provider on ${idp.url} (issuer ${idp.issuer})`);
      const stop = () =>
        idp.close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    },
    (error) => {
      console.error('idp failed to start:', error);
      process.exit(1);
    },
  );
}
