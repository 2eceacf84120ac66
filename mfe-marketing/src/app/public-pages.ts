import { GUIDE_ALIASES, GUIDE_PAGES } from '../features/guides/pages';
import { LANDING_PAGE } from '../features/landing/page';
import { PRIVACY_PAGE } from '../features/privacy/page';
import { VECTORS_PAGE } from '../features/vectors/page';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import type { PublicPage } from '../shared/public-page';

/** Every public route, in sitemap order. The route table, the pre-renderer and the sitemap read this list. */
export const PUBLIC_PAGES: PublicPage[] = [LANDING_PAGE, ...GUIDE_PAGES, VECTORS_PAGE, PRIVACY_PAGE];

/** Old or alternative addresses of a page (alias -> route); the gateway answers them with 301. */
export const PUBLIC_REDIRECTS: Record<string, string> = { ...GUIDE_ALIASES };

/** What any other public path shows (pre-rendered once, served with HTTP 404, never in the sitemap). */
export const NOT_FOUND_PAGE: PublicPage = {
  path: '/404',
  title: 'Page not found | Sniff',
  description:
    'This page does not exist on sniff.dev. Find the Sniff setup guides for Squarespace, Shopify and SaaS sites.',
  keywords: [],
  structuredData: [],
  Page: NotFoundPage,
};
