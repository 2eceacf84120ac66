import { z } from 'zod';
import type { SafeFetcher, SafeRawResponse } from '../fetching/safe-fetch';
import { PermanentSourceError } from '../sync/source';

/** Sniff as Squarespace asks every caller to name itself (a default client agent is rate-limited harder). */
const USER_AGENT = 'Sniff/1.0 (+https://sniff.dev; site search)';
/** The cool-down Squarespace promises after a 429 when it does not say how long (one minute). */
const DEFAULT_COOLDOWN_SECONDS = 60;
/** A 429 asking for a longer wait than this fails the attempt instead; the job retries later. */
const MAX_WAIT_SECONDS = 120;
const MAX_RATE_LIMITED_IN_A_ROW = 5;

export const siteInfoSchema = z.object({
  id: z.string(),
  siteId: z.string().nullish(),
  title: z.string().nullish(),
  url: z.string().nullish(),
  currency: z.string().nullish(),
});
export type SquarespaceSite = z.infer<typeof siteInfoSchema>;

const money = z.object({ currency: z.string().nullish(), value: z.string().nullish() }).nullish();
export const productSchema = z.object({
  id: z.string(),
  type: z.string().nullish(),
  name: z.string().nullish(),
  description: z.string().nullish(),
  url: z.string().nullish(),
  urlSlug: z.string().nullish(),
  tags: z.array(z.string()).nullish(),
  isVisible: z.boolean().nullish(),
  variants: z
    .array(
      z.object({
        pricing: z.object({ basePrice: money, salePrice: money, onSale: z.boolean().nullish() }).nullish(),
        stock: z.object({ quantity: z.number().nullish(), unlimited: z.boolean().nullish() }).nullish(),
      }),
    )
    .nullish(),
  images: z.array(z.object({ url: z.string().nullish(), altText: z.string().nullish() })).nullish(),
  modifiedOn: z.string().nullish(),
});
export type SquarespaceProduct = z.infer<typeof productSchema>;
const productPageSchema = z.object({
  products: z.array(productSchema).nullish(),
  pagination: z.object({ hasNextPage: z.boolean(), nextPageCursor: z.string().nullish() }),
});

/** Squarespace refused the key: the owner must create a new one (nothing is retried). */
export class SquarespaceKeyRejected extends PermanentSourceError {
  constructor(readonly why: 'invalid' | 'scope') {
    super(
      why === 'invalid'
        ? 'Squarespace rejected this Developer API Key. Check that you copied the whole key, or create a new one.'
        : 'This Developer API Key has no read access to Products. Create a key with the Products (read) permission.',
    );
  }
}

/**
 * The part of Squarespace's Commerce API Sniff reads, through the SSRF-safe fetcher: the key's website
 * and its products page by page (cursor pagination, 50 a page). A 429 is waited out as Squarespace asks
 * (Retry-After, else its one-minute cool-down); timeouts, 5xx and unreadable answers throw, so the sync
 * job retries with backoff.
 */
export class SquarespaceApi {
  constructor(
    private readonly fetcher: SafeFetcher,
    private readonly baseUrl: string,
    private readonly sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
  ) {}

  /** GET /1.0/authorization/website: whose key this is (and whether Squarespace accepts it). */
  async website(key: string): Promise<SquarespaceSite> {
    return siteInfoSchema.parse(await this.get(key, '/1.0/authorization/website'));
  }

  /** Every product, page by page (physical and digital), in Squarespace's order (by modification). */
  async *products(key: string): AsyncIterable<SquarespaceProduct[]> {
    let path: string | null = '/1.1/commerce/products?type=PHYSICAL,DIGITAL';
    while (path) {
      const page = productPageSchema.safeParse(await this.get(key, path));
      if (!page.success) throw new Error('Squarespace answered a products page Sniff cannot read. Retrying later.');
      yield page.data.products ?? [];
      const { hasNextPage, nextPageCursor } = page.data.pagination;
      path =
        hasNextPage && nextPageCursor ? `/1.1/commerce/products?cursor=${encodeURIComponent(nextPageCursor)}` : null;
    }
  }

  private async get(key: string, path: string): Promise<unknown> {
    for (let limited = 0; ; limited++) {
      const res = await this.fetcher.request(new URL(path, this.baseUrl).href, {
        headers: { authorization: `Bearer ${key}`, 'user-agent': USER_AGENT, accept: 'application/json' },
      });
      if (res.status === 429) {
        const wait = retryAfterSeconds(res) ?? DEFAULT_COOLDOWN_SECONDS;
        if (limited >= MAX_RATE_LIMITED_IN_A_ROW || wait > MAX_WAIT_SECONDS)
          throw new Error('Squarespace is limiting requests (429 Too Many Requests). Retrying later.');
        await this.sleep(wait * 1000);
        continue;
      }
      if (res.status === 401) throw new SquarespaceKeyRejected('invalid');
      if (res.status === 403) throw new SquarespaceKeyRejected('scope');
      if (res.status >= 300) throw new Error(`Squarespace answered HTTP ${res.status}${errorText(res)}.`);
      try {
        return JSON.parse(res.body.toString('utf8')) as unknown;
      } catch {
        throw new Error('Squarespace answered with something that is not JSON. Retrying later.');
      }
    }
  }
}

/** Retry-After in seconds (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(res: Pick<SafeRawResponse, 'headers'>): number | undefined {
  const raw = res.headers['retry-after'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

/** ": <message>" of Squarespace's error body, when it has one. */
function errorText(res: SafeRawResponse): string {
  try {
    const body = JSON.parse(res.body.toString('utf8')) as { message?: unknown };
    return typeof body.message === 'string' && body.message ? `: ${body.message.slice(0, 200)}` : '';
  } catch {
    return '';
  }
}
