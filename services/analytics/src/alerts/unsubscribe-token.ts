import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long an unsubscribe link works after its mail was sent. */
export const UNSUBSCRIBE_LINK_DAYS = 90;

/**
 * Signed unsubscribe links: `v1.<storeId>.<expiry, unix seconds>.<HMAC-SHA256, base64url>`, with a key
 * of its own derived from INTERNAL_TOKEN (as search derives its event keys), so nothing new is shared.
 */
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(internalToken: string) {
    this.key = createHmac('sha256', internalToken).update('sniff analytics: zero-result alerts unsubscribe').digest();
  }

  sign(storeId: string, now = new Date()): string {
    const expires = Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_LINK_DAYS * 86_400;
    return `v1.${storeId}.${expires}.${this.mac(storeId, expires)}`;
  }

  /** The store a token names; `invalid` when it was altered or not made here, `expired` past its date. */
  verify(token: string, now = new Date()): { storeId: string } | 'invalid' | 'expired' {
    const match = /^v1\.([A-Za-z0-9_-]{1,100})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return 'invalid';
    const [, storeId, exp, mac] = match;
    const expected = Buffer.from(this.mac(storeId, Number(exp)));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
    if (Number(exp) * 1000 < now.getTime()) return 'expired';
    return { storeId };
  }

  private mac(storeId: string, expires: number): string {
    return createHmac('sha256', this.key).update(`zero-results:${storeId}:${expires}`).digest('base64url');
  }
}
