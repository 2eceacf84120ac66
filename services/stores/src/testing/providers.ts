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
    requests: async () => (await admin<{ paths: Record<string, number> }>('GET', '/requests')).paths,
    stop: () => process.kill(),
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
