import { z } from 'zod';
import { trustedProxiesSetting } from './client-address';

describe('a TRUSTED_PROXIES setting', () => {
  const schema = z.object({ TRUSTED_PROXIES: trustedProxiesSetting('loopback') });

  it('reads a comma-separated list, falls back to its default, and reads its own result again', () => {
    const read = schema.parse({ TRUSTED_PROXIES: ' 10.0.0.1, 192.168.0.0/16 ,uniquelocal' });
    expect(read.TRUSTED_PROXIES).toEqual(['10.0.0.1', '192.168.0.0/16', 'uniquelocal']);
    // a service's root module parses again what main.ts parsed from the environment
    expect(schema.parse(read)).toEqual(read);
    expect(schema.parse({}).TRUSTED_PROXIES).toEqual(['loopback']);
  });

  it('refuses what is not an address, a range or a known name, when the configuration loads', () => {
    const result = schema.safeParse({ TRUSTED_PROXIES: '10.0.0.1, the gateway' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/invalid IP address: the gateway/);
  });
});
