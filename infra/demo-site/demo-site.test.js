// The demo website is something a newcomer can index at once: a sitemap naming every page, robots.txt
// pointing at it, real pages with titles, descriptions, headings and same-host links.
const { startDemoSite } = require('./server');

let site;
beforeAll(async () => {
  site = await startDemoSite({ port: 0 });
});
afterAll(() => site?.close());

const get = async (path) => {
  const res = await fetch(new URL(path, site.url));
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

test('robots.txt allows everything but /private/ and names the sitemap', async () => {
  const robots = await get('/robots.txt');
  expect(robots.text).toMatch(/^User-agent: \*$/m);
  expect(robots.text).toMatch(/^Disallow: \/private\/$/m);
  expect(robots.text).toContain(`Sitemap: ${site.url}/sitemap.xml`);
  expect((await get('/private/staff')).status).toBe(200); // exists, but crawlers must skip it
});

test('every page in the sitemap has a title, a description, headings and same-host links', async () => {
  const sitemap = await get('/sitemap.xml');
  expect(sitemap.type).toMatch(/xml/);
  const urls = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(urls.length).toBeGreaterThanOrEqual(6);
  expect(urls).not.toContainEqual(expect.stringContaining('/private/'));
  for (const url of urls) {
    expect(new URL(url).origin).toBe(site.url);
    const page = await get(url);
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.text).toMatch(/<title>[^<]+<\/title>/);
    expect(page.text).toMatch(/<meta name="description" content="[^"]{20,}">/);
    expect(page.text).toMatch(/<h1>[^<]+<\/h1>/);
    const links = [...page.text.matchAll(/href="([^"]+)"/g)].map((m) => new URL(m[1], url));
    expect(links.length).toBeGreaterThan(0);
    links.forEach((link) => expect(link.origin).toBe(site.url));
  }
});

test('there is a page about pricing, and unknown pages are 404', async () => {
  const pricing = await get('/pricing');
  expect(pricing.text).toContain('<h1>Pricing</h1>');
  expect(pricing.text).toMatch(/\$\d+/);
  expect((await get('/no-such-page')).status).toBe(404);
});
