import { networkOf, plainAddress, quotaKeys } from './visitor-network';

describe('the keys counting caps are kept under', () => {
  const key = Buffer.from('a key only these tests use');

  it('puts an IPv4 address in its /24 and an IPv6 one in its /48', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(networkOf('unknown')).toBe('unknown');
    expect(plainAddress('::ffff:203.0.113.77')).toBe('203.0.113.77');
  });

  it('gives one visitor one key per owner, shared with their network, and holds no address', () => {
    const a = quotaKeys(key, 'owner-1', '203.0.113.7');
    expect(quotaKeys(key, 'owner-1', '::ffff:203.0.113.7')).toEqual(a);
    const neighbour = quotaKeys(key, 'owner-1', '203.0.113.8');
    expect(neighbour.network).toBe(a.network);
    expect(neighbour.visitor).not.toBe(a.visitor);
    const elsewhere = quotaKeys(key, 'owner-2', '203.0.113.7');
    expect([elsewhere.visitor, elsewhere.network]).not.toContain(a.visitor);
    expect(JSON.stringify(a)).not.toMatch(/203/);
  });
});
