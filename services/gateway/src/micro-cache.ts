import type { OutgoingHttpHeaders } from 'node:http';

export interface CachedResponse {
  /** The page origin the answer was made for (the search service may refuse another site). */
  origin: string | undefined;
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  expires: number;
  /** What the entry costs in memory, roughly: body, key and headers. */
  bytes: number;
}

/** Answers larger than this are not kept (a search answer is a few KB). */
const MAX_BODY = 256 * 1024;
/** The longest an answer is kept, whatever the service allows. */
export const MAX_AGE_S = 10;

/**
 * A short-lived cache of public search answers, keyed by URL, as an edge micro-cache: the search
 * service says how long an answer may be reused (Cache-Control: public, max-age), and visitors
 * typing the same first letters of the same popular queries are answered without a second hop.
 * Bounded in entries and in bytes: least recently used entries leave first; expired ones on read.
 */
export class MicroCache {
  private readonly entries = new Map<string, CachedResponse>();
  private bytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes = Infinity,
  ) {}

  get enabled(): boolean {
    return this.maxEntries > 0 && this.maxBytes > 0;
  }

  /** Bytes held now (bodies, keys and headers). */
  get size(): number {
    return this.bytes;
  }

  /** The entry for `key` made for the same page `origin` (another origin's is a miss, replaced by its answer). */
  get(key: string, origin?: string, now = Date.now()): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.origin !== origin) return undefined;
    this.remove(key, entry);
    if (entry.expires <= now) return undefined;
    this.add(key, entry);
    return entry;
  }

  /** Keeps a 200 answer for as long as its Cache-Control allows (public, max-age > 0). */
  offer(
    key: string,
    status: number,
    headers: OutgoingHttpHeaders,
    body: Buffer,
    origin?: string,
    now = Date.now(),
  ): void {
    if (!this.enabled || status !== 200 || body.length > MAX_BODY) return;
    const seconds = maxAge(headers['cache-control']);
    if (!seconds) return;
    const bytes = body.length + 2 * key.length + headerBytes(headers);
    if (bytes > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    this.add(key, { origin, status, headers, body, expires: now + Math.min(seconds, MAX_AGE_S) * 1000, bytes });
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.remove(oldest, entry);
    }
  }

  private add(key: string, entry: CachedResponse): void {
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
  }

  private remove(key: string, entry: CachedResponse): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

/** Header names and values (strings count two bytes a character in V8 at worst; a rough bound is enough). */
function headerBytes(headers: OutgoingHttpHeaders): number {
  let n = 0;
  for (const [name, value] of Object.entries(headers)) n += 2 * (name.length + String(value).length);
  return n;
}

function maxAge(header: OutgoingHttpHeaders[string]): number {
  const value = Array.isArray(header) ? header.join(',') : String(header ?? '');
  if (!/\bpublic\b/.test(value) || /\b(no-store|no-cache|private)\b/.test(value)) return 0;
  const m = /\bmax-age=(\d+)/.exec(value);
  return m ? Number(m[1]) : 0;
}
