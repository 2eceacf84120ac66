import { freePorts, startNodeProcess, type RunningProcess } from './node-process';

/** The settings billing reaches an identity provider's Management API with (as it does Auth0's). */
export type ManagementSettings = {
  AUTH0_MGMT_DOMAIN: string;
  AUTH0_MGMT_CLIENT_ID: string;
  AUTH0_MGMT_CLIENT_SECRET: string;
};

export interface LocalIdp {
  /** Its loopback port, known before it starts and kept when it starts again. */
  port: number;
  /** Its local certificate: a process calling the Management API trusts it (NODE_EXTRA_CA_CERTS=<certFile>). */
  certFile: string;
  /** For billing's config, before the provider starts. */
  management: ManagementSettings;
  /** Starts it on `databaseUrl` (its own schema, idp); resolves once it listens. */
  start(databaseUrl: string): Promise<void>;
  /** Stops it when it runs; `start` may start it again, on the same port. */
  kill(): Promise<void>;
}

const DEFAULT_MGMT = { id: 'local-idp-test-m2m', secret: 'local-idp-test-m2m-secret-0123456789' };

/**
 * The local identity provider (infra/idp) for its Management API, which billing asks for an owner's
 * e-mail: its own process, answering HTTPS with a local certificate in `dir` (the auth0 SDK calls
 * https://{domain} only). Its port, certificate and management settings are fixed here; it runs once
 * `start` is called, so billing can be configured (and its database created) first.
 */
export async function prepareLocalIdp(options: {
  dir: string;
  mgmt?: { id: string; secret: string };
}): Promise<LocalIdp> {
  const mgmt = options.mgmt ?? DEFAULT_MGMT;
  // Required here, not at the top: every test that imports the kit's testing entry would load it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { localCertificate } = require('@sniff/infra/idp/local-tls.js') as {
    localCertificate(dir: string): Promise<{ certFile: string; keyFile: string }>;
  };
  const tls = await localCertificate(options.dir);
  const [port] = await freePorts(1);
  const env = {
    IDP_PORT: String(port),
    IDP_ISSUER: `http://localhost:${port}/`,
    PUBLIC_URL: 'http://localhost:8080',
    IDP_TLS_CERT_FILE: tls.certFile,
    IDP_TLS_KEY_FILE: tls.keyFile,
    IDP_MGMT_CLIENT_ID: mgmt.id,
    IDP_MGMT_CLIENT_SECRET: mgmt.secret,
  };
  let running: RunningProcess | undefined;
  return {
    port,
    certFile: tls.certFile,
    management: {
      AUTH0_MGMT_DOMAIN: `localhost:${port}`,
      AUTH0_MGMT_CLIENT_ID: mgmt.id,
      AUTH0_MGMT_CLIENT_SECRET: mgmt.secret,
    },
    async start(databaseUrl) {
      if (running) throw new Error(`the local identity provider on port ${port} is running already`);
      running = await startNodeProcess(
        [require.resolve('@sniff/infra/idp/server.mjs')],
        { ...env, DATABASE_URL: databaseUrl },
        'identity provider on',
      );
    },
    async kill() {
      const stopping = running;
      running = undefined;
      await stopping?.kill();
    },
  };
}
