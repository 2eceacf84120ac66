// The shop's storefront, enough for a visitor who clicks a search result or sees its image: a home page
// listing the live products, a product page per ACTIVE product (drafts and archived ones are 404, as
// they are on a real online store) and a generated SVG image per product (served whatever its status,
// like Shopify's CDN). The image may be asked for smaller with ?width= / ?height=.
import { imageUrl } from './products.mjs';
import { homePage, notFoundPage, pageHeaders, productPage, productSvg } from './views.mjs';

/** @typedef {import('./fixtures.mjs').Shop} Shop */

/** @param {{ store: ReturnType<import('./store.mjs').openStore>, publicUrl: string }} deps */
export function storefront(deps) {
  const { store } = deps;
  const imagePath = (shop, handle) => new URL(imageUrl(deps.publicUrl, shop.domain, handle)).pathname;

  return {
    /** @param {Shop} shop */
    notFound(res, shop) {
      res.writeHead(404, pageHeaders()).end(notFoundPage(shop));
    },

    home(res, shop) {
      const products = store
        .products(shop.domain)
        .filter((p) => p.status === 'ACTIVE')
        .slice(0, 48);
      res
        .writeHead(200, pageHeaders())
        .end(homePage({ shop, products, image: (p) => `${imagePath(shop, p.handle)}?width=320` }));
    },

    product(res, shop, handle) {
      const product = store.productByHandle(shop.domain, handle);
      if (!product || product.status !== 'ACTIVE') return this.notFound(res, shop);
      res.writeHead(200, pageHeaders()).end(productPage({ shop, product, image: imagePath(shop, product.handle) }));
    },

    /** @param {URLSearchParams} query */
    image(res, shop, handle, query) {
      const product = store.productByHandle(shop.domain, handle);
      if (!product) return this.notFound(res, shop);
      const size = (name) => {
        const value = Number(query.get(name));
        return Number.isInteger(value) && value > 0 ? Math.min(value, 4096) : undefined;
      };
      const width = size('width') ?? size('height') ?? 800;
      const height = size('height') ?? width;
      res
        .writeHead(200, {
          'content-type': 'image/svg+xml; charset=utf-8',
          'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
          'x-content-type-options': 'nosniff',
          'cross-origin-resource-policy': 'cross-origin',
          'access-control-allow-origin': '*',
          'cache-control': 'public, max-age=300',
        })
        .end(productSvg({ product, width, height }));
    },
  };
}
