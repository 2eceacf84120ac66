import { blockedReason, BlockedAddressError, FetchFailedError, safeFetch, USER_AGENT } from './safe-fetch';
import { FixtureSite, html, startFixtureSite } from '../testing/fixture-site';

describe('blockedReason', () => {
  it.each([
    ['10.1.2.3', 'private network'],
    ['172.16.0.1', 'private network'],
    ['192.168.1.1', 'private network'],
    ['127.0.0.1', 'loopback address'],
    ['::1', 'loopback address'],
    ['169.254.169.254', 'link-local or metadata address'],
    ['fd00:ec2::254', 'private network'],
    ['fe80::1', 'link-local or metadata address'],
    ['100.64.0.1', 'carrier-grade NAT address'],
    ['224.0.0.1', 'multicast address'],
    ['0.0.0.0', 'unspecified address'],
    ['::', 'unspecified address'],
    ['::ffff:127.0.0.1', 'loopback address'],
    ['::ffff:10.0.0.1', 'private network'],
    // IPv4-compatible (::/96): what a URL makes of [::127.0.0.1]
    ['::7f00:1', 'loopback address'],
    ['::a00:1', 'private network'],
    ['::a9fe:a9fe', 'link-local or metadata address'],
    ['::808:808', 'reserved address (IPv4-compatible)'],
    // Translation and tunnel addresses are refused outright
    ['::ffff:0:7f00:1', 'reserved address (rfc6145)'],
    ['64:ff9b::7f00:1', 'reserved address (rfc6052)'],
    ['64:ff9b::808:808', 'reserved address (rfc6052)'],
    ['2002:7f00:1::', 'reserved address (6to4)'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'reserved address (teredo)'],
  ])('refuses %s (%s)', (ip, reason) => {
    expect(blockedReason(ip)).toBe(reason);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'])('allows public %s', (ip) => {
    expect(blockedReason(ip)).toBeNull();
  });
});

describe('safeFetch', () => {
  let site: FixtureSite;
  /** Another local service (a database, an internal route) on the same host as the allowed site. */
  let other: FixtureSite;
  let allow: { allowOrigins: string[] };

  beforeAll(async () => {
    other = await startFixtureSite({ '/': html('Internal', '<p>internal</p>') });
    site = await startFixtureSite({
      '/': html('Home', '<h1>Hello</h1>'),
      '/pdf': { type: 'application/pdf', body: '%PDF-1.4' },
      '/huge': { type: 'text/html', body: '<p>' + 'a'.repeat(5 * 1024 * 1024) + '</p>' },
      '/to-private': { location: 'http://10.0.0.1/admin' },
      '/to-metadata': { location: 'http://169.254.169.254/latest/meta-data/' },
      '/to-home': { location: '/' },
      '/loop': { location: '/loop' },
      '/slow': { hang: true },
      '/gone': { status: 410, type: 'text/html', body: 'gone' },
      '/to-other-port': { location: `http://127.0.0.1:${other.port}/` },
    });
    allow = { allowOrigins: [site.origin] };
  });
  afterAll(async () => {
    await site.close();
    await other.close();
  });

  const pathsSeen = () => site.requests.map((r) => r.path);

  it('fetches an HTML page from an allowed host with the SniffBot user agent', async () => {
    const res = await safeFetch(`${site.origin}/`, 'html', allow);
    expect(res.status).toBe(200);
    expect(res.body).toContain('<h1>Hello</h1>');
    expect(site.requests.at(-1)?.headers['user-agent']).toBe(USER_AGENT);
  });

  it('follows a same-site redirect and reports the final URL', async () => {
    const res = await safeFetch(`${site.origin}/to-home`, 'html', allow);
    expect(res.url).toBe(`${site.origin}/`);
  });

  it('refuses loopback without FETCH_ALLOW_ORIGINS, before connecting, naming the URL', async () => {
    const before = site.requests.length;
    await expect(safeFetch(`${site.origin}/`, 'html')).rejects.toThrow(
      `Address not allowed: loopback address (${site.origin}/)`,
    );
    await expect(safeFetch(`http://localhost:${site.port}/`, 'html')).rejects.toBeInstanceOf(BlockedAddressError);
    expect(site.requests.length).toBe(before);
  });

  it('allows only the exact origin: another port, host name or scheme on loopback stays refused', async () => {
    for (const url of [
      `http://127.0.0.1:${other.port}/`,
      `http://localhost:${site.port}/`,
      `https://127.0.0.1:${site.port}/`,
    ]) {
      await expect(safeFetch(url, 'html', allow)).rejects.toThrow(`Address not allowed: loopback address (${url})`);
    }
    expect(other.requests).toEqual([]);
  });

  it('refuses a redirect from the allowed origin to another local port, before connecting to it', async () => {
    await expect(safeFetch(`${site.origin}/to-other-port`, 'html', allow)).rejects.toThrow(
      `Address not allowed: loopback address (http://127.0.0.1:${other.port}/)`,
    );
    expect(other.requests).toEqual([]);
  });

  it.each([
    ['http://[::1]/', 'loopback address'],
    ['http://169.254.169.254/latest/meta-data/', 'link-local or metadata address'],
    ['http://[fd00:ec2::254]/', 'private network'],
    ['http://10.0.0.1/', 'private network'],
    ['http://100.64.1.1/', 'carrier-grade NAT address'],
    ['http://0.0.0.0/', 'unspecified address'],
    ['http://[::ffff:127.0.0.1]/', 'loopback address'],
    ['http://[::127.0.0.1]/', 'loopback address'],
  ])('refuses %s', async (url, reason) => {
    const err = await safeFetch(url, 'html', { timeoutMs: 2000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BlockedAddressError);
    expect((err as Error).message).toBe(`Address not allowed: ${reason} (${new URL(url).href})`);
  });

  it.each(['file:///etc/passwd', 'ftp://example.com/', 'gopher://example.com/'])(
    'refuses the scheme of %s',
    async (url) => {
      await expect(safeFetch(url, 'html')).rejects.toThrow(/only http and https/);
    },
  );

  it('re-checks every redirect: an allowed site redirecting to a private or metadata address is refused', async () => {
    await expect(safeFetch(`${site.origin}/to-private`, 'html', { ...allow, timeoutMs: 2000 })).rejects.toThrow(
      'Address not allowed: private network (http://10.0.0.1/admin)',
    );
    await expect(safeFetch(`${site.origin}/to-metadata`, 'html', { ...allow, timeoutMs: 2000 })).rejects.toThrow(
      'Address not allowed: link-local or metadata address (http://169.254.169.254/latest/meta-data/)',
    );
  });

  it('refuses a host whose DNS answers include a private address', async () => {
    const resolve = async () => ['93.184.216.34', '10.0.0.5'];
    await expect(safeFetch('http://mixed.example/', 'html', { resolve })).rejects.toThrow(
      'Address not allowed: private network (http://mixed.example/)',
    );
  });

  it('connects to the vetted address, not to a second DNS answer', async () => {
    let calls = 0;
    // An allowed name whose resolver would switch to another address on a second lookup.
    const resolve = async () => (calls++ === 0 ? ['127.0.0.1'] : ['10.9.9.9']);
    const origin = `http://site.test:${site.port}`;
    const res = await safeFetch(`${origin}/`, 'html', { allowOrigins: [origin], resolve });
    expect(res.body).toContain('Hello');
    expect(calls).toBe(1);
    expect(site.requests.at(-1)?.headers.host).toBe(`site.test:${site.port}`);
  });

  it('stops after 5 redirects', async () => {
    await expect(safeFetch(`${site.origin}/loop`, 'html', allow)).rejects.toThrow(/Too many redirects/);
    expect(pathsSeen().filter((p) => p === '/loop').length).toBe(6);
  });

  it('refuses a non-HTML page', async () => {
    const err = await safeFetch(`${site.origin}/pdf`, 'html', allow).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FetchFailedError);
    expect((err as Error).message).toBe(`${site.origin}/pdf is not an HTML page (application/pdf)`);
  });

  it('names the HTTP status of an error page', async () => {
    const err = (await safeFetch(`${site.origin}/gone`, 'html', allow).catch((e: unknown) => e)) as FetchFailedError;
    expect(err.status).toBe(410);
    expect(err.message).toBe(`The site returned HTTP 410 for ${site.origin}/gone`);
  });

  it('stops reading a huge page at the size limit', async () => {
    const res = await safeFetch(`${site.origin}/huge`, 'html', allow);
    expect(res.truncated).toBe(true);
    expect(res.body.length).toBe(2 * 1024 * 1024);
  });

  it('gives up on a site that does not answer in time', async () => {
    await expect(safeFetch(`${site.origin}/slow`, 'html', { ...allow, timeoutMs: 300 })).rejects.toThrow(
      `Could not reach ${site.origin}: timed out after 0.3 s`,
    );
  });

  it('names an unreachable site', async () => {
    await expect(safeFetch('http://127.0.0.1:1/', 'html', { allowOrigins: ['http://127.0.0.1:1'] })).rejects.toThrow(
      'Could not reach http://127.0.0.1:1: ECONNREFUSED',
    );
  });
});
