import { freePorts, startNodeProcess, type RunningProcess } from '@sniff/service-kit/testing';
import { join } from 'node:path';

const INFRA = join(__dirname, '..', '..', '..', '..', 'infra');

/** A local stand-in (infra/squarespace, infra/shopify) run as its own process, with its /_provider controls. */
export interface Provider {
  url: string;
  process: RunningProcess;
  /** POST/PATCH/DELETE/GET one of its /_provider routes; the parsed answer. */
  admin<T = unknown>(method: string, path: string, body?: object): Promise<T>;
  /** The next `count` requests whose path starts with `path` fail as `kind` (timeout, rate-limit, malformed, ...). */
  fault(kind: string, count?: number, path?: string): Promise<void>;
  /** Requests received per path since the last reset. */
  requests(): Promise<Record<string, number>>;
  stop(): Promise<void>;
}

async function start(script: string, env: (port: number) => Record<string, string>, ready: string): Promise<Provider> {
  const [port] = await freePorts(1);
  const url = `http://127.0.0.1:${port}`;
  const process = await startNodeProcess([join(INFRA, script)], env(port!), ready);
  const admin = async <T>(method: string, path: string, body?: object): Promise<T> => {
    const res = await fetch(`${url}/_provider${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} /_provider${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return {
    url,
    process,
    admin,
    fault: async (kind, count = 1, path) =>
      void (await admin('POST', '/faults', { kind, count, ...(path ? { path } : {}) })),
    requests: async () => {
      const counts = await admin<{ paths?: Record<string, number>; routes?: Record<string, number> }>(
        'GET',
        '/requests',
      );
      return counts.paths ?? counts.routes ?? {};
    },
    stop: async () => void (await process.kill()),
  };
}

/** The Squarespace stand-in: its API and fixture sites on one origin (rate limit per website per minute). */
export function startSquarespace(options: { rateLimitPerMinute?: number; cooldownSeconds?: number } = {}) {
  return start(
    'squarespace/server.mjs',
    (port) => ({
      SQUARESPACE_PROVIDER_PORT: String(port),
      SQUARESPACE_PROVIDER_PUBLIC_URL: `http://127.0.0.1:${port}`,
      SQUARESPACE_PROVIDER_RATE_LIMIT: String(options.rateLimitPerMinute ?? 300),
      SQUARESPACE_PROVIDER_COOLDOWN_SECONDS: String(options.cooldownSeconds ?? 1),
    }),
    'local Squarespace provider on',
  );
}

export const SHOPIFY_APP = { key: 'sniff-local-app', secret: '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' };
export const DEMO_SHOP = 'sniff-demo.myshopify.com';

/** The Shopify stand-in (OAuth, GraphQL Admin API, storefront); shops are under <url>/shops/<shop>. */
export function startShopify(options: { restoreRate?: number; bucketSize?: number } = {}) {
  return start(
    'shopify/server.mjs',
    (port) => ({
      SHOPIFY_PROVIDER_PORT: String(port),
      SHOPIFY_PROVIDER_PUBLIC_URL: `http://127.0.0.1:${port}`,
      SHOPIFY_PROVIDER_API_KEY: SHOPIFY_APP.key,
      SHOPIFY_PROVIDER_API_SECRET: SHOPIFY_APP.secret,
      SHOPIFY_PROVIDER_RESTORE_RATE: String(options.restoreRate ?? 50),
      SHOPIFY_PROVIDER_BUCKET_SIZE: String(options.bucketSize ?? 1000),
    }),
    'local Shopify provider on',
  );
}
