import { load, type CheerioAPI } from 'cheerio';
import { canonicalUrl } from '../app/document-meta';
import { PUBLIC_ORIGIN, type PublicPage } from '../shared/public-page';
import { NOT_FOUND_PAGE, PUBLIC_PAGES, PUBLIC_REDIRECTS } from '../app/public-pages';
import { GUIDES, GUIDE_PAGES } from '../features/guides/pages';
import { EXTERNAL_LINKS } from '../shared/links';
import { jsonLdScript, renderDocument } from './html';
import { buildSite, checkRoutes, pageFile } from './site';

/** The shell's built index.html as webpack writes it (minified, unquoted attributes). */
const TEMPLATE =
  '<!doctype html><html lang=en><head><meta charset=utf-8><meta name=viewport content="width=device-width,initial-scale=1">' +
  '<title>Sniff</title><link rel=icon href=/favicon.svg><script defer src=/main.js></script></head>' +
  '<body><div id=root></div></body></html>';
const CSS = '.site-main{display:grid}';

const { files, manifest } = buildSite({ template: TEMPLATE, css: CSS });
const docs = new Map<string, CheerioAPI>(PUBLIC_PAGES.map((p) => [p.path, load(files[pageFile(p.path)])]));
const notFound = load(files[manifest.notFound]);

const GUIDE_PATHS = new Set(GUIDE_PAGES.map((p) => p.path));
const TROUBLESHOOTING = new Set(GUIDES.filter((g) => g.troubleshooting).map((g) => g.path));

/**
 * JSON-LD types each page must carry (spec sections 1 and 2): the application with its offer and
 * rating and the FAQ on the landing page; FAQ, how-to and the application on every guide, plus a
 * technical article on troubleshooting guides; a web page for /vectors and the privacy policy.
 */
function expectedTypes(page: PublicPage): string[] {
  if (page.path === '/') return ['SoftwareApplication', 'FAQPage'];
  if (TROUBLESHOOTING.has(page.path)) return ['HowTo', 'FAQPage', 'SoftwareApplication', 'TechArticle'];
  if (GUIDE_PATHS.has(page.path)) return ['HowTo', 'FAQPage', 'SoftwareApplication'];
  return ['WebPage'];
}

const jsonLd = ($: CheerioAPI) =>
  $('script[type="application/ld+json"]')
    .toArray()
    .map((el) => JSON.parse($(el).text()) as Record<string, unknown>);

describe('pre-rendered public site', () => {
  it.each(PUBLIC_PAGES.map((p) => [p.path, p] as const))(
    '%s has its title, meta tags, canonical and one h1 without JavaScript',
    (path, page) => {
      const $ = docs.get(path)!;
      expect($('title').text()).toBe(page.title);
      expect($('title')).toHaveLength(1);
      expect($('meta[name="description"]').attr('content')).toBe(page.description);
      expect($('meta[name="keywords"]').attr('content')).toBe(page.keywords.join(', '));
      expect($('link[rel="canonical"]').attr('href')).toBe(PUBLIC_ORIGIN + path);
      expect($('meta[property="og:title"]').attr('content')).toBe(page.title);
      expect($('meta[property="og:description"]').attr('content')).toBe(page.description);
      expect($('meta[property="og:url"]').attr('content')).toBe(PUBLIC_ORIGIN + path);
      expect($('meta[property="og:type"]').attr('content')).toBeTruthy();
      expect($('meta[property="og:site_name"]').attr('content')).toBe('Sniff');
      expect($('meta[name="twitter:card"]').attr('content')).toBe('summary');
      expect($('meta[name="twitter:title"]').attr('content')).toBe(page.title);
      expect($('meta[name="robots"]')).toHaveLength(0);
      // The content is in the HTML, inside the root the shell hydrates, styled before any script runs.
      expect($('#root[data-prerendered] main')).toHaveLength(1);
      expect($('h1')).toHaveLength(1);
      expect($('h1').text().trim()).not.toBe('');
      expect($('main').text().length).toBeGreaterThan(200);
      expect($('head style').text()).toContain(CSS);
      // The shell's own head (its script, icon, viewport) stays.
      expect($('script[src="/main.js"]')).toHaveLength(1);
      expect($('meta[name="viewport"]')).toHaveLength(1);
    },
  );

  it('gives every page its own title and description', () => {
    const titles = PUBLIC_PAGES.map((p) => p.title);
    const descriptions = PUBLIC_PAGES.map((p) => p.description);
    expect(new Set(titles).size).toBe(titles.length);
    expect(new Set(descriptions).size).toBe(descriptions.length);
    for (const p of PUBLIC_PAGES) {
      expect([p.path, p.title.length <= 70]).toEqual([p.path, true]);
      expect([p.path, p.description.length >= 50 && p.description.length <= 170]).toEqual([p.path, true]);
    }
  });

  it.each(PUBLIC_PAGES.map((p) => [p.path, p] as const))(
    '%s carries its structured data as valid JSON-LD of the expected types',
    (path, page) => {
      const blocks = jsonLd(docs.get(path)!);
      expect(blocks).toEqual(page.structuredData);
      for (const block of blocks) {
        expect(block['@context']).toBe('https://schema.org');
        expect(typeof block['@type']).toBe('string');
      }
      const types = blocks.map((b) => b['@type']);
      for (const type of expectedTypes(page)) expect([path, types]).toEqual([path, expect.arrayContaining([type])]);
    },
  );

  it('describes Sniff with an offer and a rating on the landing page', () => {
    const app = jsonLd(docs.get('/')!).find((b) => b['@type'] === 'SoftwareApplication')!;
    expect(app.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'USD' });
    expect(app.aggregateRating).toMatchObject({ '@type': 'AggregateRating' });
  });

  it('escapes JSON-LD so page text cannot close the script element', () => {
    const html = jsonLdScript({ '@type': 'Thing', name: '</script><script>alert(1)</script>' });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const $ = load(`<head>${html}</head>`);
    expect(JSON.parse($('script').text()).name).toBe('</script><script>alert(1)</script>');
  });

  it('lists every public route in the sitemap and nothing else', () => {
    const $ = load(files['sitemap.xml'], { xml: true });
    const locs = $('url > loc')
      .toArray()
      .map((el) => $(el).text());
    expect(locs.sort()).toEqual(PUBLIC_PAGES.map((p) => canonicalUrl(p.path)).sort());
    expect(files['sitemap.xml']).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
  });

  it('lets crawlers in everywhere but the dashboard, and names the sitemap', () => {
    const lines = files['robots.txt'].split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /dashboard',
        `Sitemap: ${PUBLIC_ORIGIN}/sitemap.xml`,
      ]),
    );
  });

  it('hands the gateway every route, the redirects and a not-found page that search engines skip', () => {
    expect(Object.keys(manifest.routes)).toEqual(PUBLIC_PAGES.map((p) => p.path));
    expect(JSON.parse(files['pages.json'])).toEqual(manifest);
    expect(JSON.parse(files['redirects.json'])).toEqual(PUBLIC_REDIRECTS);
    for (const target of Object.values(PUBLIC_REDIRECTS)) expect(manifest.routes[target]).toBeDefined();
    expect(notFound('title').text()).toBe(NOT_FOUND_PAGE.title);
    expect(notFound('meta[name="robots"]').attr('content')).toBe('noindex');
    expect(notFound('link[rel="canonical"]')).toHaveLength(0);
    expect(notFound('#root[data-prerendered] h1').text()).toBe('Page not found');
  });

  it('finds no broken internal link or anchor on any page', () => {
    const external = new Set<string>(Object.values(EXTERNAL_LINKS));
    const pages = new Map([...docs, ['/404', notFound] as const]);
    const broken: string[] = [];
    for (const [from, $] of pages) {
      $('a[href]').each((_, el) => {
        const href = $(el).attr('href')!;
        if (external.has(href)) return;
        if (/^[a-z]+:/i.test(href) || href.startsWith('//')) {
          broken.push(`${from}: ${href} (external links belong in shared/links.ts)`);
          return;
        }
        const url = new URL(href, PUBLIC_ORIGIN + from);
        const path = url.pathname;
        if (path === '/dashboard' || path.startsWith('/dashboard/')) return;
        const route = PUBLIC_REDIRECTS[path] ?? path;
        const target = href.startsWith('#') ? $ : docs.get(route);
        if (!target || url.search) {
          broken.push(`${from}: ${href}`);
          return;
        }
        const id = decodeURIComponent(url.hash.slice(1));
        if (id && target(`[id="${id}"]`).length === 0) broken.push(`${from}: ${href} (no element #${id})`);
      });
    }
    expect(broken).toEqual([]);
  });

  it('refuses a route table with clashing or malformed paths', () => {
    const page = (path: string): PublicPage => ({ ...NOT_FOUND_PAGE, path });
    expect(() => checkRoutes([page('/a'), page('/a')], {})).toThrow('Two public pages claim "/a"');
    expect(() => checkRoutes([page('/Guide')], {})).toThrow('lower-case');
    expect(() => checkRoutes([page('/a/')], {})).toThrow('lower-case');
    expect(() => checkRoutes([page('/dashboard')], {})).toThrow('cannot be a public route');
    expect(() => checkRoutes([page('/a')], { '/b': '/c' })).toThrow('not a public page');
    expect(() => checkRoutes([page('/a')], { '/a': '/a' })).toThrow('free');
  });

  it('refuses a template without a root element to fill', () => {
    expect(() =>
      renderDocument('<html><head><title>x</title></head><body></body></html>', {
        page: PUBLIC_PAGES[0],
        markup: '<main></main>',
        css: '',
      }),
    ).toThrow('<div id="root"></div>');
  });
});
