import '@shopify/shopify-api/adapters/web-api';
import {
  GraphqlQueryError,
  HttpResponseError,
  HttpThrottlingError,
  LogSeverity,
  Session,
  shopifyApi,
  type ApiVersion,
  type Shopify,
} from '@shopify/shopify-api';
import { setAbstractFetchFunc } from '@shopify/shopify-api/runtime';
import { Logger } from '@nestjs/common';
import type { StoresConfig } from '../config';
import type { SafeFetcher } from '../fetching/safe-fetch';
import { PermanentSourceError } from '../sync/source';

export const SHOPIFY_SCOPES = ['read_products'];
/** Where Shopify sends the owner back after they approve (the gateway's public route). */
export const SHOPIFY_CALLBACK_PATH = '/shopify/callback';
const MAX_THROTTLED_IN_A_ROW = 10;

/** The shop behind an https://<shop>/... URL the library built, when shops are reached elsewhere (the stand-in). */
export function shopUrl(url: string, shopsUrl: string | undefined): string {
  if (!shopsUrl) return url;
  const u = new URL(url);
  if (u.protocol !== 'https:' || !u.hostname.endsWith('.myshopify.com')) return url;
  return `${shopsUrl.replace(/\/+$/, '')}/${u.hostname}${u.pathname}${u.search}`;
}

/** The shop's token no longer works (the app was uninstalled or the token revoked): reconnecting is needed. */
export class ShopifyTokenRejected extends PermanentSourceError {
  constructor() {
    super("Shopify no longer accepts Sniff's access to this shop (the app was removed?). Connect the shop again.");
  }
}

/**
 * Sniff's Shopify app, through the official library (web API adapter): OAuth, HMAC checks and the
 * GraphQL Admin API. Every call it makes to a shop goes through the SSRF-safe fetcher, at the shop's
 * own https host, or under SHOPIFY_SHOPS_URL when shops are reached elsewhere (the local stand-in).
 */
export class ShopifyApp {
  private readonly logger = new Logger('Shopify');
  /** Null when SHOPIFY_API_KEY / SHOPIFY_API_SECRET are not set: connecting is then refused, CSV still works. */
  readonly api: Shopify | null;

  constructor(
    private readonly config: StoresConfig,
    private readonly fetcher: SafeFetcher,
    private readonly sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
  ) {
    const publicUrl = new URL(config.PUBLIC_URL);
    this.api =
      config.SHOPIFY_API_KEY && config.SHOPIFY_API_SECRET
        ? shopifyApi({
            apiKey: config.SHOPIFY_API_KEY,
            apiSecretKey: config.SHOPIFY_API_SECRET,
            scopes: SHOPIFY_SCOPES,
            hostName: publicUrl.host,
            hostScheme: publicUrl.protocol === 'http:' ? 'http' : 'https',
            apiVersion: config.SHOPIFY_API_VERSION as ApiVersion,
            isEmbeddedApp: false,
            // The library's own lines name shops and never tokens; ours say what failed.
            logger: { level: LogSeverity.Warning, log: async (_severity, message) => this.logger.warn(message) },
          })
        : null;
    // The library keeps one fetch for the whole process; this app's is the safe fetcher (one stores app per process).
    setAbstractFetchFunc((input, init) => this.fetch(input, init));
  }

  /** Where the owner's browser goes for `url` (the library's https://<shop>/admin/oauth/authorize...). */
  browserUrl(url: string): string {
    return shopUrl(url, this.config.SHOPIFY_SHOPS_URL);
  }

  /**
   * Runs a GraphQL Admin API query for the shop. THROTTLED answers (Shopify's cost-based limit) are
   * waited out for as long as the bucket needs to refill; 429/503 are retried by the library; a
   * refused token is permanent; anything else throws for the sync job to retry.
   */
  async query<T>(shop: string, accessToken: string, query: string, variables: Record<string, unknown>): Promise<T> {
    const api = this.required();
    const session = new Session({ id: `offline_${shop}`, shop, state: '', isOnline: false, accessToken });
    const client = new api.clients.Graphql({ session });
    for (let throttled = 0; ; throttled++) {
      try {
        const res = await client.request<T>(query, { variables, retries: 2 });
        if (!res.data) throw new Error('Shopify answered without data.');
        return res.data;
      } catch (err) {
        const wait = throttledWaitMs(err);
        if (wait !== null && throttled < MAX_THROTTLED_IN_A_ROW) {
          await this.sleep(wait);
          continue;
        }
        throw describe(err);
      }
    }
  }

  required(): Shopify {
    if (!this.api) throw new Error('Connecting Shopify is not set up on this server (SHOPIFY_API_KEY).');
    return this.api;
  }

  private async fetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const url = shopUrl(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      this.config.SHOPIFY_SHOPS_URL,
    );
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'POST') throw new Error(`Shopify call with method ${method} is not supported`);
    const res = await this.fetcher.request(url, {
      method,
      headers,
      body: typeof init.body === 'string' ? init.body : undefined,
    });
    const out = new Headers();
    for (const [name, value] of Object.entries(res.headers))
      for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.append(name, v);
    const empty = res.status === 204 || res.status === 304;
    return new Response(empty ? null : new Uint8Array(res.body), { status: res.status, headers: out });
  }
}

/** How long a THROTTLED answer asks us to wait: until the bucket holds the query's cost. Null: not throttled. */
function throttledWaitMs(err: unknown): number | null {
  if (!(err instanceof GraphqlQueryError)) return null;
  const body = err.body as {
    errors?: { graphQLErrors?: { extensions?: { code?: string } }[] };
    extensions?: {
      cost?: { requestedQueryCost?: number; throttleStatus?: { currentlyAvailable?: number; restoreRate?: number } };
    };
  };
  if (!body.errors?.graphQLErrors?.some((e) => e.extensions?.code === 'THROTTLED')) return null;
  const cost = body.extensions?.cost;
  const missing = (cost?.requestedQueryCost ?? 100) - (cost?.throttleStatus?.currentlyAvailable ?? 0);
  const rate = cost?.throttleStatus?.restoreRate || 50;
  return Math.min(60_000, Math.max(250, Math.ceil((missing / rate) * 1000)));
}

/** The library's errors in words an owner can act on. */
function describe(err: unknown): Error {
  if (err instanceof HttpResponseError && err.response.code === 401) return new ShopifyTokenRejected();
  if (err instanceof HttpThrottlingError) return new Error('Shopify is limiting requests (429). Retrying later.');
  if (err instanceof HttpResponseError) return new Error(`Shopify answered HTTP ${err.response.code}. Retrying later.`);
  if (err instanceof GraphqlQueryError) return new Error(`Shopify refused the products query: ${err.message}`);
  return err instanceof Error ? err : new Error(String(err));
}
