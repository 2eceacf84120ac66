import { createHmac, timingSafeEqual } from 'node:crypto';
import { normalizeQuery } from '@sniff/contracts';

/** How long after a search its events are taken (a visitor may read the results a while before clicking). */
export const PROOF_MAX_AGE_S = 60 * 60;
/** Clock difference tolerated between replicas. */
const CLOCK_LEEWAY_S = 60;
/** 128 bits of HMAC-SHA256, base64url. */
const MAC_CHARS = 22;

/** What a verified searchId says about the search behind an event. */
export interface SearchProofClaims {
  resultCount: number;
  issuedAt: number;
  /** The signature: names this answer (a visitor's repeated events about it count once). */
  key: string;
}

/**
 * Signs each search answer, so an event can only refer to a search Sniff really answered: the
 * searchId is "<issued at>.<result count>.<mac>", the MAC over the store, the normalized query,
 * the count and the time. Stateless, so any worker or replica sharing the key verifies it; the
 * gateway's micro-cache may hand one answer (and its id) to several visitors, which is fine: the
 * id proves the search, the visitor is counted separately.
 */
export class SearchProof {
  constructor(private readonly key: Buffer) {}

  issue(storeId: string, query: string, resultCount: number, now = Date.now()): string {
    const issuedAt = Math.floor(now / 1000);
    return `${issuedAt.toString(36)}.${resultCount.toString(36)}.${this.mac(storeId, query, issuedAt, resultCount)}`;
  }

  /** The claims of a searchId issued for this store and query, or null (forged, altered, expired). */
  verify(storeId: string, query: string, searchId: string, now = Date.now()): SearchProofClaims | null {
    const parts = searchId.split('.');
    if (parts.length !== 3 || parts[2]!.length !== MAC_CHARS) return null;
    const issuedAt = parseBase36(parts[0]!);
    const resultCount = parseBase36(parts[1]!);
    if (issuedAt === null || resultCount === null) return null;
    const age = Math.floor(now / 1000) - issuedAt;
    if (age > PROOF_MAX_AGE_S || age < -CLOCK_LEEWAY_S) return null;
    const expected = Buffer.from(this.mac(storeId, query, issuedAt, resultCount));
    const given = Buffer.from(parts[2]!);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { resultCount, issuedAt, key: parts[2]! };
  }

  private mac(storeId: string, query: string, issuedAt: number, resultCount: number): string {
    return createHmac('sha256', this.key)
      .update(`${storeId}\n${issuedAt}\n${resultCount}\n${normalizeQuery(query)}`)
      .digest('base64url')
      .slice(0, MAC_CHARS);
  }
}

function parseBase36(text: string): number | null {
  if (!/^[0-9a-z]{1,12}$/.test(text)) return null;
  const n = parseInt(text, 36);
  return Number.isSafeInteger(n) ? n : null;
}
