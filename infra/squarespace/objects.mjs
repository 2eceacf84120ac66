// The JSON objects of the Commerce API, made from the stored records. Absolute URLs are made here, from
// the public URL of this run, so a data file stays valid when the port or public URL changes.

/** Where a fixture site's public pages live on this server. */
export const siteUrl = (publicUrl, siteId) => `${publicUrl}/sites/${encodeURIComponent(siteId)}`;
export const productUrl = (publicUrl, siteId, product) => `${siteUrl(publicUrl, siteId)}/shop/p/${product.urlSlug}`;
export const postUrl = (publicUrl, siteId, post) => `${siteUrl(publicUrl, siteId)}/blog/${post.slug}`;
export const imageUrl = (publicUrl, siteId, image) =>
  `${publicUrl}/cdn/${encodeURIComponent(siteId)}/${encodeURIComponent(image.id)}.svg`;

/** The widths Squarespace's image service offers (`?format=500w`). */
const IMAGE_FORMATS = ['100w', '300w', '500w', '750w', '1000w', '1500w', '2500w'];

/** GET /1.0/authorization/website */
export function websiteObject(publicUrl, site) {
  return { ...site.website, url: siteUrl(publicUrl, site.website.siteId) };
}

/**
 * A Product of the Products API: every documented field present, null when empty.
 * @param {string} publicUrl
 * @param {import('./fixtures.mjs').SiteRecord} site
 * @param {import('./fixtures.mjs').ProductRecord} product
 */
export function productObject(publicUrl, site, product) {
  const { currency, siteId } = site.website;
  return {
    id: product.id,
    type: product.type,
    storePageId: product.storePageId,
    name: product.name,
    description: product.description || null,
    url: productUrl(publicUrl, siteId, product),
    urlSlug: product.urlSlug,
    tags: product.tags,
    isVisible: product.isVisible,
    variantAttributes: product.variantAttributes,
    variants: product.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      pricing: {
        basePrice: { currency, value: v.price },
        salePrice: { currency, value: v.salePrice },
        onSale: v.onSale,
      },
      stock: v.stock,
      attributes: v.attributes,
      shippingMeasurements: null,
    })),
    images: product.images.map((image) => ({
      id: image.id,
      altText: image.altText,
      url: imageUrl(publicUrl, siteId, image),
      originalSize: { width: image.width, height: image.height },
      availableFormats: IMAGE_FORMATS,
    })),
    createdOn: product.createdOn,
    modifiedOn: product.modifiedOn,
  };
}
