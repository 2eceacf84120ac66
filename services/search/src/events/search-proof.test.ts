import { randomBytes } from 'node:crypto';
import { PROOF_MAX_AGE_S, SearchProof } from './search-proof';
import { visitorKey } from './visitor';

describe('SearchProof', () => {
  const proof = new SearchProof(randomBytes(32));
  const now = Date.UTC(2026, 10, 23, 12);
  const id = proof.issue('st_1', 'Free  Shipping', 7, now);

  it('verifies its own ids for the same store and query (as normalized), with the count inside', () => {
    expect(proof.verify('st_1', ' free shipping ', id, now + 5_000)).toMatchObject({ resultCount: 7 });
  });

  it('refuses another store, another query, a changed count, another key and garbage', () => {
    expect(proof.verify('st_2', 'free shipping', id, now)).toBeNull();
    expect(proof.verify('st_1', 'free shipping costs', id, now)).toBeNull();
    const [at, , mac] = id.split('.');
    expect(proof.verify('st_1', 'free shipping', `${at}.z.${mac}`, now)).toBeNull();
    expect(new SearchProof(randomBytes(32)).verify('st_1', 'free shipping', id, now)).toBeNull();
    for (const bad of ['', '...', 'a.b.c', `${at}.7`, `${at}.7.${mac}.x`, `-1.7.${mac}`]) {
      expect(proof.verify('st_1', 'free shipping', bad, now)).toBeNull();
    }
  });

  it('expires after an hour and refuses ids from the future', () => {
    expect(proof.verify('st_1', 'free shipping', id, now + PROOF_MAX_AGE_S * 1000)).not.toBeNull();
    expect(proof.verify('st_1', 'free shipping', id, now + PROOF_MAX_AGE_S * 1000 + 1000)).toBeNull();
    const ahead = proof.issue('st_1', 'free shipping', 7, now + 5 * 60_000);
    expect(proof.verify('st_1', 'free shipping', ahead, now)).toBeNull();
  });
});

describe('visitorKey', () => {
  const key = randomBytes(32);
  it('is per store and never the address', () => {
    const a = visitorKey(key, 'st_1', '203.0.113.7');
    expect(a).not.toContain('203');
    expect(visitorKey(key, 'st_2', '203.0.113.7')).not.toBe(a);
    expect(visitorKey(key, 'st_1', '203.0.113.8')).not.toBe(a);
    expect(visitorKey(key, 'st_1', '::ffff:203.0.113.7')).toBe(a);
  });
  it('counts one IPv6 /64 as one visitor', () => {
    expect(visitorKey(key, 'st_1', '2001:db8:1:2::1')).toBe(visitorKey(key, 'st_1', '2001:db8:1:2:aaaa::9'));
    expect(visitorKey(key, 'st_1', '2001:db8:1:3::1')).not.toBe(visitorKey(key, 'st_1', '2001:db8:1:2::1'));
  });
});
