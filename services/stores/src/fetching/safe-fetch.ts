import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { gunzipSync } from 'node:zlib';
import ipaddr from 'ipaddr.js';

/**
 * The only way the stores service fetches a URL an owner gave us. It resolves DNS itself,
 * refuses any address that is not public unicast (private, loopback, link-local incl. cloud
 * metadata, unique-local, CGNAT, multicast, unspecified, reserved...), connects to exactly the
 * vetted address (no second DNS answer can switch it), re-checks every redirect, and bounds
 * time, size and content type.
 */

export const USER_AGENT = 'SniffBot/0.1 (+https://sniff.dev/bot)';
export const ROBOTS_AGENT = 'SniffBot';

/** What we are fetching decides the content types and size we accept. */
export type FetchKind = 'html' | 'sitemap' | 'robots';

const LIMITS: Record<FetchKind, number> = { html: 2 * 1024 * 1024, sitemap: 10 * 1024 * 1024, robots: 512 * 1024 };
const TYPES: Record<FetchKind, RegExp> = {
  html: /^(text\/html|application\/xhtml\+xml)$/,
  sitemap:
    /^(application\/xml|text\/xml|application\/[\w.+-]*\+xml|text\/plain|application\/(x-)?gzip|application\/octet-stream)$/,
  robots: /^text\/plain$/,
};

/** The URL's address is not one we may connect to; the message names the URL (one of many an owner chose). */
export class BlockedAddressError extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super(`Address not allowed: ${reason} (${url})`);
    this.name = 'BlockedAddressError';
  }
}

/** The fetch did not produce a usable document; `message` says why in words an owner understands. */
export class FetchFailedError extends Error {
  constructor(
    readonly url: string,
    message: string,
    /** The HTTP status when the site answered with an error. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'FetchFailedError';
  }
}

export interface SafeFetchOptions {
  /**
   * Origins (`http://127.0.0.1:8095`, as `URL.origin` writes them) that may be reached even on a non-public
   * address (FETCH_ALLOW_ORIGINS): scheme, host and port must all match, so no other local port opens.
   */
  allowOrigins?: readonly string[];
  /** Total time for the fetch including redirects. */
  timeoutMs?: number;
  maxRedirects?: number;
  maxBytes?: number;
  /** DNS resolution (tests inject one); defaults to dns.lookup with all addresses. */
  resolve?: (hostname: string) => Promise<string[]>;
}

export interface SafeResponse {
  /** The final URL after redirects. */
  url: string;
  /** 304 when the page did not change since the validators given (the body is then empty). */
  status: number;
  contentType: string;
  body: string;
  /** The body was cut at the size limit. */
  truncated: boolean;
  /** The page's validators, for the next conditional fetch. */
  etag?: string;
  lastModified?: string;
}

const RANGE_NAMES: Record<string, string> = {
  private: 'private network',
  uniqueLocal: 'private network',
  loopback: 'loopback address',
  linkLocal: 'link-local or metadata address',
  carrierGradeNat: 'carrier-grade NAT address',
  multicast: 'multicast address',
  broadcast: 'broadcast address',
  unspecified: 'unspecified address',
};

/** ::/96, the IPv4-compatible addresses (:: and ::1 inside it have ranges of their own). */
const IPV4_COMPATIBLE: [ipaddr.IPv6, number] = [ipaddr.IPv6.parse('::'), 96];

/**
 * Why an IP address may not be fetched, or null when it is public unicast.
 *
 * IPv6 addresses that carry an IPv4 address:
 * - IPv4-mapped (::ffff:0:0/96): the kernel connects to the embedded IPv4 address, so that address decides.
 * - IPv4-compatible (::/96, e.g. ::7f00:1, which is what `[::127.0.0.1]` becomes in a URL): deprecated by
 *   RFC 4291, yet some stacks still route them to the embedded address, and ipaddr.js calls them unicast.
 *   No public site is reachable only that way, so all are refused; a non-public embedded address is
 *   named as it would be bare.
 * - IPv4-translated (rfc6145), NAT64 (rfc6052, 64:ff9b::/96 and 64:ff9b:1::/48), 6to4 and Teredo: a
 *   translator or relay would carry the request to the embedded address, which may be private. They keep
 *   ipaddr.js's range names and are refused outright as reserved: we resolve a site's A records ourselves
 *   and never need a translation address, and judging the embedded one would trust a relay we do not run.
 */
export function blockedReason(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return blockedReason(v6.toIPv4Address().toString());
    if (v6.range() === 'unicast' && v6.match(IPV4_COMPATIBLE)) {
      const embedded = new ipaddr.IPv4(v6.toByteArray().slice(12));
      return blockedReason(embedded.toString()) ?? 'reserved address (IPv4-compatible)';
    }
  }
  const range = ip.range();
  if (range === 'unicast') return null;
  return RANGE_NAMES[range] ?? `reserved address (${range})`;
}

function bareHost(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

const defaultResolve = async (hostname: string): Promise<string[]> =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/** Resolves the URL's host and returns the one address we will connect to, or throws BlockedAddressError. */
export async function vetAddress(url: URL, options: SafeFetchOptions = {}): Promise<string> {
  const host = bareHost(url.hostname);
  const allowed = (options.allowOrigins ?? []).includes(url.origin);
  let addresses: string[];
  if (ipaddr.isValid(host)) addresses = [host];
  else {
    try {
      addresses = await (options.resolve ?? defaultResolve)(host);
    } catch (err) {
      throw new FetchFailedError(
        url.href,
        `Could not reach ${url.origin}: ${(err as { code?: string }).code ?? (err as Error).message}`,
      );
    }
  }
  if (!addresses.length) throw new FetchFailedError(url.href, `Could not reach ${url.origin}: no address`);
  if (!allowed) {
    // Every answer must be public: otherwise an attacker's DNS could mix in a private one.
    for (const a of addresses) {
      const reason = blockedReason(a);
      if (reason) throw new BlockedAddressError(url.href, reason);
    }
  }
  return addresses[0]!;
}

function checkScheme(url: URL): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new BlockedAddressError(url.href, 'only http and https URLs can be fetched');
  }
}

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  truncated: boolean;
}

/** Method, headers and body of one request (a GET with none by default). */
export interface RequestInit {
  method?: 'GET' | 'POST' | 'HEAD';
  headers?: Record<string, string>;
  body?: string;
}

/** One HTTP exchange with the socket pinned to `address`. */
function request(
  url: URL,
  address: string,
  maxBytes: number,
  signal: AbortSignal,
  init: RequestInit,
): Promise<RawResponse> {
  const family = address.includes(':') ? 6 : 4;
  const pinned: LookupFunction = (_host, opts, cb) => {
    if ((opts as { all?: boolean }).all)
      (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else cb(null, address, family);
  };
  const lib = url.protocol === 'https:' ? https : http;
  const headers: Record<string, string> = {
    'user-agent': USER_AGENT,
    accept: '*/*',
    'accept-encoding': 'identity',
    ...init.headers,
  };
  if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
  return new Promise((resolve, reject) => {
    const req = lib.request(
      url,
      { method: init.method ?? 'GET', lookup: pinned, signal, agent: false, headers },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        const redirect = (res.statusCode ?? 0) >= 300 && (res.statusCode ?? 0) < 400;
        res.on('data', (chunk: Buffer) => {
          if (redirect || truncated) return;
          const room = maxBytes - size;
          if (chunk.length > room) {
            chunks.push(chunk.subarray(0, room));
            size = maxBytes;
            truncated = true;
            // Stop reading beyond the limit.
            res.destroy();
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), truncated });
            return;
          }
          chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), truncated }),
        );
        res.on('error', (err) => (truncated ? undefined : reject(err)));
        if (redirect) res.resume();
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

function decode(body: Buffer, contentType: string): string {
  const charset = /charset="?([\w-]+)/i.exec(contentType)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

export interface SafeRawResponse {
  /** The final URL after redirects. */
  url: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The body was cut at the size limit. */
  truncated: boolean;
}

/**
 * The SSRF-safe exchange every fetch of the stores service goes through: scheme, address (each hop
 * vetted and the socket pinned to it), redirects (GET and HEAD only), time and size. Any status comes
 * back as it is; only what never produced an answer throws (BlockedAddressError, FetchFailedError).
 */
export async function safeRequest(
  input: string,
  init: RequestInit = {},
  options: SafeFetchOptions & { maxBytes: number },
): Promise<SafeRawResponse> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxRedirects = (init.method ?? 'GET') === 'POST' ? 0 : (options.maxRedirects ?? 5);
  const signal = AbortSignal.timeout(timeoutMs);
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new FetchFailedError(input, `${input} is not a valid URL`);
  }
  for (let hop = 0; ; hop++) {
    checkScheme(url);
    const address = await vetAddress(url, options);
    let res: RawResponse;
    try {
      res = await request(url, address, options.maxBytes, signal, init);
    } catch (err) {
      const e = err as { code?: string; name?: string; message?: string };
      const why =
        signal.aborted || e.name === 'AbortError'
          ? `timed out after ${+(timeoutMs / 1000).toFixed(1)} s`
          : (e.code ?? e.message ?? 'connection failed');
      throw new FetchFailedError(url.href, `Could not reach ${url.origin}: ${why}`);
    }
    const location = res.headers.location;
    if (res.status >= 300 && res.status < 400 && res.status !== 304 && location && maxRedirects > 0) {
      if (hop >= maxRedirects)
        throw new FetchFailedError(url.href, `Too many redirects from ${input} (more than ${maxRedirects})`);
      url = new URL(location, url);
      url.hash = '';
      continue;
    }
    return { url: url.href, status: res.status, headers: res.headers, body: res.body, truncated: res.truncated };
  }
}

/** Conditional GET: what the last fetch of the page answered. */
export interface Validators {
  etag?: string;
  lastModified?: string;
}

/** Fetches `input` safely; throws BlockedAddressError or FetchFailedError with an owner-readable message. */
export async function safeFetch(
  input: string,
  kind: FetchKind,
  options: SafeFetchOptions = {},
  validators: Validators = {},
): Promise<SafeResponse> {
  const maxBytes = options.maxBytes ?? LIMITS[kind];
  const headers: Record<string, string> = {};
  if (validators.etag) headers['if-none-match'] = validators.etag;
  if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
  const res = await safeRequest(input, { headers }, { ...options, maxBytes });
  const header = (name: string) => {
    const v = res.headers[name];
    return typeof v === 'string' ? v : undefined;
  };
  const etag = header('etag');
  const lastModified = header('last-modified');
  if (res.status === 304)
    return { url: res.url, status: 304, contentType: '', body: '', truncated: false, etag, lastModified };
  if (res.status < 200 || res.status >= 300)
    throw new FetchFailedError(res.url, `The site returned HTTP ${res.status} for ${res.url}`, res.status);
  const contentType = (header('content-type') ?? '').toLowerCase();
  const mime = contentType.split(';')[0]!.trim();
  if (!TYPES[kind].test(mime)) {
    const what = kind === 'html' ? 'an HTML page' : kind === 'sitemap' ? 'an XML sitemap' : 'a robots.txt file';
    throw new FetchFailedError(res.url, `${res.url} is not ${what} (${mime || 'no content type'})`);
  }
  let body = res.body;
  let truncated = res.truncated;
  if (kind === 'sitemap' && body[0] === 0x1f && body[1] === 0x8b) {
    try {
      body = gunzipSync(body, { maxOutputLength: maxBytes });
    } catch {
      // Too large when unpacked, or cut at the download limit: use what we can't trust as nothing.
      throw new FetchFailedError(res.url, `${res.url} could not be unpacked within ${maxBytes} bytes`);
    }
    truncated = false;
  }
  return {
    url: res.url,
    status: res.status,
    contentType: mime,
    body: decode(body, contentType),
    truncated,
    etag,
    lastModified,
  };
}

/** JSON APIs (Squarespace's, Shopify's) answer up to this many bytes. */
const API_MAX_BYTES = 10 * 1024 * 1024;

/** A fetcher bound to the service's settings (FETCH_ALLOW_ORIGINS, FETCH_TIMEOUT_MS). */
export class SafeFetcher {
  constructor(private readonly options: SafeFetchOptions = {}) {}
  fetch(url: string, kind: FetchKind, validators?: Validators): Promise<SafeResponse> {
    return safeFetch(url, kind, this.options, validators);
  }
  /** A call to a third party's API, any status returned (see safeRequest). */
  request(url: string, init: RequestInit = {}): Promise<SafeRawResponse> {
    return safeRequest(url, init, { ...this.options, maxBytes: API_MAX_BYTES });
  }
  /** The checks the first hop of a fetch of `url` would make, without connecting (BlockedAddressError). */
  async vet(url: string): Promise<void> {
    const u = new URL(url);
    u.hash = ''; // never sent, and discovery names the URL without it
    checkScheme(u);
    await vetAddress(u, this.options);
  }
}
