// The OpenID provider (oidc-provider 9) set up as Auth0's: its routes, the dashboard's public client and the
// Management API's machine-to-machine client, RS256 JWT access tokens per audience, and the Auth0 habits
// auth0-spa-js relies on (offline_access with consent, /userinfo in the discovery document).
import Provider, { errors } from 'oidc-provider';
import { MANAGEMENT_SCOPES } from './management.mjs';
import { providerSecurityHeaders } from './security-headers.mjs';
import { errorPage, loggedOutPage, logoutPage } from './views.mjs';

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
 * @typedef {{ issuer: string, publicOrigin: string, audience: string,
 *   management: { clientId: string, clientSecret: string }, mgmtAudiences: string[],
 *   store: Awaited<ReturnType<typeof import('./store.mjs').openStore>>, signingKey: Record<string, unknown>,
 *   pageHeaders: Record<string, string>, log: (line: string) => void }} ProviderOptions
 */

/**
 * oidc-provider's configuration.
 * @param {ProviderOptions} options
 */
async function configuration({ publicOrigin, audience, management, mgmtAudiences, store, signingKey }) {
  return {
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
  };
}

/**
 * Builds the provider, with the pages' security headers and the two Auth0 habits as middleware.
 * @param {ProviderOptions} options
 */
export async function createProvider(options) {
  const { issuer, pageHeaders, log } = options;
  const provider = new Provider(issuer, await configuration(options));
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

  return provider;
}
