import { canonicalUrl } from '../app/document-meta';
import { PUBLIC_ORIGIN, type PublicPage } from '../shared/public-page';
import { escapeHtml } from './html';

/** sitemap.xml: every public route, as absolute URLs on the production origin. */
export function sitemapXml(pages: PublicPage[]): string {
  const urls = pages.map((p) => `  <url><loc>${escapeHtml(canonicalUrl(p.path))}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join('\n')}
</urlset>
`;
}

/** robots.txt: the public site is open to crawlers, the signed-in dashboard is not. */
export function robotsTxt(): string {
  return `User-agent: *
Allow: /
Disallow: /dashboard

Sitemap: ${PUBLIC_ORIGIN}/sitemap.xml
`;
}
