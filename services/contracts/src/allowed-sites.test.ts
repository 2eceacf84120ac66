import { ALLOWED_SITE_MESSAGE, compileAllowedSites, siteAllowed } from './allowed-sites';
import { searchSettingsSchema } from './search';

const parseSites = (allowedSites: unknown) => searchSettingsSchema.safeParse({ allowedSites });
const sites = (allowedSites: unknown[]) => {
  const result = parseSites(allowedSites);
  if (!result.success) throw new Error(result.error.issues[0]?.message);
  return result.data.allowedSites;
};
const refusal = (entry: unknown) => {
  const result = parseSites([entry]);
  if (result.success) throw new Error(`${String(entry)} was accepted as ${result.data.allowedSites[0]}`);
  return { path: result.error.issues[0]!.path.join('.'), message: result.error.issues[0]!.message };
};

describe('allowedSites in the search settings', () => {
  it('is empty (every site allowed) for settings saved before it existed', () => {
    expect(searchSettingsSchema.parse({}).allowedSites).toEqual([]);
  });

  it('keeps a host as an owner types or pastes it: lower-cased, trimmed, from a whole URL', () => {
    expect(
      sites([
        ' Example.com ',
        'https://www.Example.com/shop?x=1#top',
        'http://shop.example.org:8443/',
        'example.net/blog',
        'localhost:8095',
        '127.0.0.1:8095',
        '10.0.0.1',
        '[::1]:8080',
        'https://[2001:DB8::1]/',
        'bücher.de',
        'example.com.',
      ]),
    ).toEqual([
      'example.com',
      'www.example.com',
      'shop.example.org:8443',
      'example.net',
      'localhost:8095',
      '127.0.0.1:8095',
      '10.0.0.1',
      '[::1]:8080',
      '[2001:db8::1]',
      'xn--bcher-kva.de',
    ]);
  });

  it('keeps a port the owner wrote, even the scheme’s default one', () => {
    expect(sites(['example.com:443', 'http://example.org:80/'])).toEqual(['example.com:443', 'example.org:80']);
  });

  it('lists each host once', () => {
    expect(sites(['example.com', 'https://EXAMPLE.com/', 'example.com'])).toEqual(['example.com']);
  });

  it.each([
    ['an empty entry', '  ', 'an allowed site must not be empty'],
    ['a path alone', '/shop', ALLOWED_SITE_MESSAGE],
    ['a host with a space', 'my shop.com', 'an allowed site must not contain spaces'],
    ['a wildcard', '*.example.com', 'write example.com: subdomains are always included'],
    ['a wildcard in a URL', 'https://*.Example.com/x', 'write example.com: subdomains are always included'],
    ['a wildcard alone', '*', ALLOWED_SITE_MESSAGE],
    ['a wildcard inside', 'shop.*.com', ALLOWED_SITE_MESSAGE],
    ['another scheme', 'ftp://example.com', ALLOWED_SITE_MESSAGE],
    ['credentials', 'https://user:pw@example.com', ALLOWED_SITE_MESSAGE],
    ['one word', 'examplecom', ALLOWED_SITE_MESSAGE],
    ['an underscore', 'my_shop.example.com', ALLOWED_SITE_MESSAGE],
    ['a label ending in a hyphen', 'shop-.example.com', ALLOWED_SITE_MESSAGE],
    ['a port out of range', 'example.com:99999', 'a port must be a number from 1 to 65535'],
    ['port 0', 'example.com:0', 'a port must be a number from 1 to 65535'],
    ['a port that is not a number', 'example.com:http', ALLOWED_SITE_MESSAGE],
    ['an unclosed IPv6 address', '[::1', ALLOWED_SITE_MESSAGE],
    ['a number', 42, 'Invalid input: expected string, received number'],
  ])('refuses %s with a message naming the entry', (_what, entry, message) => {
    expect(refusal(entry)).toEqual({ path: 'allowedSites.0', message });
  });

  it('refuses more than 20 sites', () => {
    const result = parseSites(Array.from({ length: 21 }, (_, i) => `site${i}.example.com`));
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: ['allowedSites'], message: 'at most 20 allowed sites' });
    expect(sites(Array.from({ length: 20 }, (_, i) => `site${i}.example.com`))).toHaveLength(20);
  });
});

describe('siteAllowed', () => {
  it('allows every origin, even none or a malformed one, when the list is empty', () => {
    for (const origin of ['https://anything.example', 'null', '', 'garbage']) {
      expect(siteAllowed([], origin)).toBe(true);
    }
  });

  it('allows the host and its subdomains, over any scheme and port', () => {
    const list = ['example.com'];
    for (const origin of [
      'https://example.com',
      'http://www.example.com',
      'https://shop.example.com',
      'https://a.b.example.com:8443',
      'HTTPS://WWW.EXAMPLE.COM',
      'chrome-extension://example.com',
    ]) {
      expect([origin, siteAllowed(list, origin)]).toEqual([origin, true]);
    }
  });

  it('refuses other sites, including look-alikes', () => {
    const list = ['example.com', 'shop.example.org'];
    for (const origin of [
      'https://notexample.com',
      'https://example.com.evil.net',
      'https://example.co',
      'https://example.org',
      'https://www.example.org',
      'https://evil.net',
    ]) {
      expect([origin, siteAllowed(list, origin)]).toEqual([origin, false]);
    }
    expect(siteAllowed(list, 'https://cart.shop.example.org')).toBe(true);
  });

  it('matches an entry with a port on that port only, the scheme’s default port included', () => {
    const list = ['localhost:8095', 'example.com:443'];
    expect(siteAllowed(list, 'http://localhost:8095')).toBe(true);
    expect(siteAllowed(list, 'http://app.localhost:8095')).toBe(true);
    expect(siteAllowed(list, 'http://localhost:8096')).toBe(false);
    expect(siteAllowed(list, 'http://localhost')).toBe(false);
    expect(siteAllowed(list, 'https://example.com')).toBe(true);
    expect(siteAllowed(list, 'http://example.com')).toBe(false);
    expect(siteAllowed(list, 'http://example.com:443')).toBe(true);
  });

  it('matches an IP entry for that address only, never as a parent of other hosts', () => {
    const list = ['10.0.0.1', '127.0.0.1:8095', '[::1]'];
    expect(siteAllowed(list, 'http://10.0.0.1')).toBe(true);
    expect(siteAllowed(list, 'http://10.0.0.1:3000')).toBe(true);
    expect(siteAllowed(list, 'http://1.10.0.0.1')).toBe(false);
    expect(siteAllowed(list, 'http://10.0.0.10')).toBe(false);
    expect(siteAllowed(list, 'http://127.0.0.1:8095')).toBe(true);
    expect(siteAllowed(list, 'http://127.0.0.1:8096')).toBe(false);
    expect(siteAllowed(list, 'http://[::1]:5173')).toBe(true);
    expect(siteAllowed(list, 'http://[::2]')).toBe(false);
  });

  it('refuses "null" and malformed origins when the list is not empty', () => {
    const list = ['example.com'];
    for (const origin of [
      'null',
      '',
      'example.com',
      '//example.com',
      'https://',
      'https://example.com/',
      'https://example.com/path',
      'https://user@example.com',
      'https://example.com:',
      'https://example.com:0',
      'https://example.com:99999',
      'https://example.com:80x',
      'https://exa mple.com',
      'https://example..com',
      'https://[::1',
    ]) {
      expect([origin, siteAllowed(list, origin)]).toEqual([origin, false]);
    }
  });

  it('compiles a list into a matcher that gives the same answers', () => {
    const allowed = compileAllowedSites(['example.com', 'localhost:8095']);
    expect(allowed('https://www.example.com')).toBe(true);
    expect(allowed('http://localhost:8095')).toBe(true);
    expect(allowed('http://localhost:3000')).toBe(false);
    expect(allowed('null')).toBe(false);
  });

  it('is cheap enough to run on every search request, for origins it has seen and new ones', () => {
    const allowed = compileAllowedSites(Array.from({ length: 20 }, (_, i) => `site${i}.example.com`));
    const usual = ['https://www.site7.example.com', 'https://evil.example.net', 'null', 'http://localhost:8095'];
    // 1,000 origins in turn: more than it remembers, so each is worked out again.
    const made = Array.from({ length: 1000 }, (_, i) => `https://u${i}.site${i % 40}.example.com`);
    const perCallUs = (origins: string[]) => {
      const rounds = 100_000;
      const start = process.hrtime.bigint();
      for (let i = 0; i < rounds; i++) allowed(origins[i % origins.length]!);
      return Number(process.hrtime.bigint() - start) / 1000 / rounds;
    };
    expect(made.filter(allowed)).toHaveLength(500);
    // About 0.02 and 0.4 µs on a 2-core machine; the bounds leave room for a busy one.
    expect(perCallUs(usual)).toBeLessThan(1);
    expect(perCallUs(made)).toBeLessThan(10);
  });
});
