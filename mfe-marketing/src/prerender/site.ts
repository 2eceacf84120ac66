import type { PublicPage } from '../shared/public-page';
import { NOT_FOUND_PAGE, PUBLIC_PAGES, PUBLIC_REDIRECTS } from '../app/public-pages';
import { renderDocument } from './html';
import { renderRoute } from './render';
import { robotsTxt, sitemapXml } from './site-files';

/**
 * What the gateway reads to serve the public site (dist/pages.json): the file of each route,
 * the permanent redirects and the page for unknown paths. Paths are relative to dist/.
 */
export interface SiteManifest {
  routes: Record<string, string>;
  redirects: Record<string, string>;
  notFound: string;
}

/** Where a route's HTML goes: '/' -> pages/index.html, '/squarespace' -> pages/squarespace/index.html. */
export const pageFile = (path: string): string => (path === '/' ? 'pages/index.html' : `pages${path}/index.html`);

const ROUTE = /^\/([a-z0-9]+(-[a-z0-9]+)*)?$/;

/** Route table sanity: one page per path, lower-case slugs, redirects onto real pages only. */
export function checkRoutes(pages: PublicPage[], redirects: Record<string, string>): void {
  const seen = new Set<string>();
  for (const { path } of pages) {
    if (!ROUTE.test(path)) throw new Error(`Public route "${path}" must be "/" or "/lower-case-words"`);
    if (path === '/dashboard' || path === NOT_FOUND_PAGE.path) throw new Error(`"${path}" cannot be a public route`);
    if (seen.has(path)) throw new Error(`Two public pages claim "${path}"`);
    seen.add(path);
  }
  for (const [from, to] of Object.entries(redirects)) {
    if (!ROUTE.test(from) || seen.has(from)) throw new Error(`Redirect "${from}" must be a free "/lower-case" path`);
    if (!seen.has(to)) throw new Error(`Redirect "${from}" points to "${to}", which is not a public page`);
  }
}

/** Every file of the pre-rendered public site, by path under dist/. */
export function buildSite({ template, css }: { template: string; css: string }): {
  files: Record<string, string>;
  manifest: SiteManifest;
} {
  checkRoutes(PUBLIC_PAGES, PUBLIC_REDIRECTS);
  const files: Record<string, string> = {};
  const routes: Record<string, string> = {};
  for (const page of PUBLIC_PAGES) {
    routes[page.path] = pageFile(page.path);
    files[routes[page.path]] = renderDocument(template, { page, markup: renderRoute(page.path), css });
  }
  const notFound = 'pages/404.html';
  // Any path no page claims renders the not-found page; this one is never linked.
  files[notFound] = renderDocument(template, {
    page: NOT_FOUND_PAGE,
    markup: renderRoute('/this-page-does-not-exist'),
    css,
    indexable: false,
  });
  const manifest: SiteManifest = { routes, redirects: { ...PUBLIC_REDIRECTS }, notFound };
  files['sitemap.xml'] = sitemapXml(PUBLIC_PAGES);
  files['robots.txt'] = robotsTxt();
  files['redirects.json'] = `${JSON.stringify(PUBLIC_REDIRECTS, null, 2)}\n`;
  files['pages.json'] = `${JSON.stringify(manifest, null, 2)}\n`;
  return { files, manifest };
}
