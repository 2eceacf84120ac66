// The public side of the fixture websites, served without auth the way Squarespace serves a site:
// <publicUrl>/sites/<siteId>/ (home, /shop, /blog, /blog/<slug>, /shop/p/<urlSlug>, /sitemap.xml,
// /robots.txt) and the product images at <publicUrl>/cdn/<siteId>/<imageId>.svg.
import {
  blogPage,
  homePage,
  notFoundPage,
  postPage,
  productImageSvg,
  productPage,
  robotsTxt,
  shopPage,
  sitemap,
} from './pages.mjs';

const HTML = 'text/html; charset=utf-8';

/**
 * @param {{ store: ReturnType<import('./store.mjs').openStore>, publicUrl: string }} deps publicUrl is read
 *   on every request (known once listening)
 */
export function sitePages(deps) {
  const { store } = deps;

  /**
   * The page for a path under /sites/ or /cdn/, or undefined when the path is neither.
   * @param {string} pathname
   * @returns {{ status?: number, type: string, body: string, lastModified?: string } | undefined}
   */
  function page(pathname) {
    const publicUrl = deps.publicUrl;
    const image = /^\/cdn\/([^/]+)\/([^/]+)\.svg$/.exec(pathname);
    if (image) {
      const product = store.productOfImage(decode(image[1]), decode(image[2]));
      if (!product) return { status: 404, type: 'text/plain; charset=utf-8', body: 'Not found\n' };
      return {
        type: 'image/svg+xml',
        body: productImageSvg(product, decode(image[2])),
        lastModified: product.modifiedOn,
      };
    }
    const match = /^\/sites\/([^/]+)(\/.*)?$/.exec(pathname);
    if (!match) return undefined;
    const site = store.site(decode(match[1]));
    if (!site) return { status: 404, type: 'text/plain; charset=utf-8', body: 'No such site\n' };
    const rest = match[2] ?? '/';
    const { siteId } = site.website;
    // home and sitemap change when an item is deleted too: an ETag only, no Last-Modified
    if (rest === '/') return { type: HTML, body: homePage(publicUrl, site) };
    if (rest === '/shop' || rest === '/shop/') return { type: HTML, body: shopPage(publicUrl, site) };
    if (rest === '/blog' || rest === '/blog/') return { type: HTML, body: blogPage(publicUrl, site) };
    if (rest === '/sitemap.xml') return { type: 'application/xml; charset=utf-8', body: sitemap(publicUrl, site) };
    if (rest === '/robots.txt') return { type: 'text/plain; charset=utf-8', body: robotsTxt(publicUrl, site) };
    const post = /^\/blog\/([^/]+)\/?$/.exec(rest);
    if (post) {
      const found = store.post(siteId, decode(post[1]));
      if (found) return { type: HTML, body: postPage(publicUrl, site, found), lastModified: found.modifiedOn };
    }
    const product = /^\/shop\/p\/([^/]+)\/?$/.exec(rest);
    if (product) {
      const slug = decode(product[1]);
      const found = site.products.find((p) => p.urlSlug === slug && p.isVisible);
      if (found) return { type: HTML, body: productPage(publicUrl, site, found), lastModified: found.modifiedOn };
    }
    return { status: 404, type: HTML, body: notFoundPage(publicUrl, site) };
  }

  return { page };
}

/** A path segment as text; a badly encoded one matches nothing. */
function decode(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '\u0000';
  }
}
