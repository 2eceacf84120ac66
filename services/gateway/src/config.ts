import { requiredInProduction, trustedProxiesSetting } from '@sniff/service-kit';
import { resolve } from 'node:path';
import { z } from 'zod';
import { findRemoteDirs, remotesServedHere } from './remote-dirs';

const url = (fallback: string) => z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).default(fallback);
const rate = (fallback: number) => z.coerce.number().positive().default(fallback);

/** The runtime remotes manifest the shell reads from /remotes.json. */
export const remotesManifestSchema = z.object({
  remotes: z.array(z.object({ name: z.string().min(1), entry: z.string().min(1) })),
});
export type RemotesManifest = z.infer<typeof remotesManifestSchema>;

const remotesJson = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'is not valid JSON' });
      return z.NEVER;
    }
  })
  .pipe(remotesManifestSchema);

/** Gateway settings; every value has a local default except INTERNAL_TOKEN. */
export const gatewayConfigSchema = requiredInProduction(
  z
    .object({
      PORT: z.coerce.number().int().min(0).max(65535).default(8080),
      /** Where Prometheus scrapes the gateway's /metrics (not the public port); 0: not served. */
      METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
      HOST: z.string().default('127.0.0.1'),
      LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug']).default('log'),
      INTERNAL_TOKEN: z.string().min(16, 'must be at least 16 characters'),
      PUBLIC_URL: url('http://localhost:8080'),
      AUTH_ISSUER: url('http://localhost:8090/'),
      AUTH_AUDIENCE: z.string().min(1).default('https://api.sniff.dev'),
      AUTH_CLIENT_ID: z.string().min(1).default('sniff-dashboard'),
      AUTH_DOMAIN: z.string().min(1).optional(),
      AUTH_JWKS_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
      AUTH_EMAIL_CLAIM: z.string().min(1).default('https://sniff.dev/email'),
      BILLING_URL: url('http://127.0.0.1:3101'),
      STORES_URL: url('http://127.0.0.1:3102'),
      SEARCH_URL: url('http://127.0.0.1:3103'),
      ANALYTICS_URL: url('http://127.0.0.1:3104'),
      FEEDBACK_URL: url('http://127.0.0.1:3105'),
      WIDGET_HOST: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
      REMOTES_JSON: remotesJson.optional(),
      /** The remote registry (published remotes and the version owners get); empty: only the folders shipped here. */
      REGISTRY_URL: z
        .union([z.literal(''), z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' })])
        .default('http://127.0.0.1:3106')
        .transform((u) => u.replace(/\/+$/, '')),
      /** How often each replica reads the registry's manifest again: a switch reaches every dashboard within it. */
      REGISTRY_POLL_MS: z.coerce.number().int().min(0).default(1_000),
      /** Published remotes' files kept in memory (they never change). */
      REGISTRY_CACHE_MB: z.coerce.number().min(1).default(64),
      STATIC_ROOT: z.string().min(1).optional(),
      /** Proxies (load balancer, CDN) whose X-Forwarded-For names the client; none: the socket's address. */
      TRUSTED_PROXIES: trustedProxiesSetting(),
      /** Public search/events per client IP, and dashboard API calls per signed-in subject (see rate-limits.ts). */
      PUBLIC_RATE_PER_SECOND: rate(50),
      PUBLIC_RATE_BURST: rate(100),
      /** Where rate-limit counters live, shared by every gateway replica; unset: in this process's memory. */
      RATE_LIMIT_STORE_URL: z
        .url({ protocol: /^(rediss?|postgres(ql)?)$/, message: 'must be a redis:// or postgres:// URL' })
        .optional(),
      /** Prefix of the counters' keys in that store (environments sharing one store keep apart). */
      RATE_LIMIT_KEY_PREFIX: z
        .string()
        .regex(/^[\w.-]{1,64}$/, 'must be 1 to 64 letters, digits, ".", "_" or "-"')
        .default('sniff'),
      /** Public search answers kept for the few seconds the search service allows (0: none), within PUBLIC_CACHE_MB. */
      PUBLIC_CACHE_ENTRIES: z.coerce.number().int().min(0).default(10_000),
      PUBLIC_CACHE_MB: z.coerce.number().min(0).default(64),
      /** How long the gateway waits for a service's answer (its headers, then each part of its body). */
      UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(1).default(30_000),
      /** How often billing's list of deleted accounts is read again (only the new rows); their tokens are refused. */
      REVOCATION_POLL_MS: z.coerce.number().int().min(10).default(1_000),
      API_RATE_PER_SECOND: rate(20),
      API_RATE_BURST: rate(40),
      /** Stripe's publishable key (pk_test_… / pk_live_…) for the dashboard; empty: payments are off. */
      STRIPE_PUBLISHABLE_KEY: z
        .string()
        .trim()
        .regex(/^(pk_\w+)?$/, 'must be a Stripe publishable key (pk_…)')
        .default(''),
      /** Where the browser loads Stripe.js from (the local stand-in); empty: Stripe's own script. */
      STRIPE_JS_URL: z
        .union([z.literal(''), z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' })])
        .default(''),
    })
    .transform((c) => {
      // services/gateway/{src,dist} -> repository root
      const staticRoot = resolve(c.STATIC_ROOT ?? resolve(__dirname, '../../..'));
      const remoteDirs = findRemoteDirs(staticRoot);
      const issuerBase = c.AUTH_ISSUER.endsWith('/') ? c.AUTH_ISSUER : `${c.AUTH_ISSUER}/`;
      return {
        ...c,
        AUTH_DOMAIN: c.AUTH_DOMAIN ?? c.AUTH_ISSUER.replace(/\/+$/, ''),
        AUTH_JWKS_URL: c.AUTH_JWKS_URL ?? `${issuerBase}.well-known/jwks.json`,
        WIDGET_HOST: (c.WIDGET_HOST ?? c.PUBLIC_URL).replace(/\/+$/, ''),
        /** The remotes' folders served at /remotes/<dir>/ (found under STATIC_ROOT: remote-dirs.ts). */
        REMOTE_DIRS: remoteDirs,
        REMOTES: c.REMOTES_JSON ?? remotesServedHere(remoteDirs),
        STATIC_ROOT: staticRoot,
      };
    }),
  ['PUBLIC_URL', 'AUTH_ISSUER', 'AUTH_CLIENT_ID'],
);
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
