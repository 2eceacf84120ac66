// The local identity provider (oidc-provider 9) speaking Auth0's routes, so @auth0/auth0-react works
// unchanged with domain = "http://localhost:8090", and the part of Auth0's Management API the product uses
// (management.mjs), so the auth0 SDK's ManagementClient works with domain = "localhost:8090". Env
// (config.mjs): IDP_PORT, IDP_ISSUER, PUBLIC_URL, DATABASE_URL, AUTH_AUDIENCE, IDP_SIGNIN_BLOCK_SECONDS,
// IDP_MGMT_CLIENT_ID, IDP_MGMT_CLIENT_SECRET, IDP_MGMT_RATE_LIMIT, IDP_TLS_CERT_FILE, IDP_TLS_KEY_FILE.
// `node infra/idp/server.mjs`.
import { idpOptionsFromEnv } from './config.mjs';
import { htmlSender } from './html.mjs';
import { interactionHandler } from './interaction.mjs';
import { listener } from './listener.mjs';
import { logoutHandler } from './logout.mjs';
import { managementHandler } from './management.mjs';
import { createProvider, managementAudiences } from './provider.mjs';
import { requestHandler } from './routes.mjs';
import { securityHeaders } from './security-headers.mjs';
import { signInThrottle } from './sign-in-throttle.mjs';
import { openStore } from './store.mjs';
import { userinfoHandler } from './userinfo.mjs';

export { CLIENT_ID, EMAIL_CLAIM, managementAudiences } from './provider.mjs';

/**
 * Builds and starts the identity provider: its store (accounts, keys, sessions), the OpenID provider
 * (provider.mjs), the handlers of the routes Auth0 has and oidc-provider does not (routes.mjs), and the
 * server (listener.mjs).
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
  const provider = await createProvider({
    issuer,
    publicOrigin,
    audience,
    management,
    mgmtAudiences,
    store,
    signingKey,
    pageHeaders,
    log,
  });
  const sendHtml = htmlSender(pageHeaders);
  const handleRequest = requestHandler({
    provider,
    interaction: interactionHandler({ provider, store, throttle, sendHtml, log }),
    logout: logoutHandler({ provider, publicOrigin }),
    userinfo,
    managementApi,
    sendHtml,
    log,
  });

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
