import type { OutgoingHttpHeaders } from 'node:http';

export interface CachedResponse {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  expires: number;
}

/** Answers larger than this are not kept (a search answer is a few KB). */
const MAX_BODY = 256 * 1024;
/** The longest an answer is kept, whatever the service allows. */
export const MAX_AGE_S = 10;

/**
 * A short-lived cache of public search answers, keyed by URL, as an edge micro-cache: the search
 * service says how long an answer may be reused (Cache-Control: public, max-age), and visitors
 * typing the same first letters of the same popular queries are answered without a second hop.
 * Least recently used entries leave first; expired ones on read.
 */
export class MicroCache {
  private readonly entries = new Map<string, CachedResponse>();

  constructor(private readonly maxEntries: number) {}

  get enabled(): boolean {
    return this.maxEntries > 0;
  }

  get(key: string, now = Date.now()): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= now) return undefined;
    this.entries.set(key, entry);
    return entry;
  }

  /** Keeps a 200 answer for as long as its Cache-Control allows (public, max-age > 0). */
  offer(key: string, status: number, headers: OutgoingHttpHeaders, body: Buffer, now = Date.now()): void {
    if (!this.enabled || status !== 200 || body.length > MAX_BODY) return;
    const seconds = maxAge(headers['cache-control']);
    if (!seconds) return;
    this.entries.delete(key);
    this.entries.set(key, { status, headers, body, expires: now + Math.min(seconds, MAX_AGE_S) * 1000 });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }
}

function maxAge(header: OutgoingHttpHeaders[string]): number {
  const value = Array.isArray(header) ? header.join(',') : String(header ?? '');
  if (!/\bpublic\b/.test(value) || /\b(no-store|no-cache|private)\b/.test(value)) return 0;
  const m = /\bmax-age=(\d+)/.exec(value);
  return m ? Number(m[1]) : 0;
}
