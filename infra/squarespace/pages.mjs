// The fixture websites' public pages as Squarespace renders them for visitors and crawlers: HTML pages with
// title, meta description, canonical link and JSON-LD, a sitemap.xml, and generated product images. Every
// value is escaped; descriptions are stored as HTML (made from escaped text) and inserted as HTML.
import { createHash } from 'node:crypto';
import { imageUrl, postUrl, productUrl, siteUrl } from './objects.mjs';

/** @typedef {import('./fixtures.mjs').SiteRecord} SiteRecord */
/** @typedef {import('./fixtures.mjs').ProductRecord} ProductRecord */
/** @typedef {import('./fixtures.mjs').PostRecord} PostRecord */

/** @param {unknown} text for HTML text and attribute values, and for XML */
export const escapeHtml = (text) =>
  String(text ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

/** JSON inside <script>: no "</script>" or "<!--" can end it early. */
const scriptJson = (value) => JSON.stringify(value).replace(/</g, '\\u003c');

const ENTITIES = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
/** The text of a stored HTML description (for meta descriptions and JSON-LD). */
export const htmlToText = (html) =>
  String(html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e])
    .replace(/\s+/g, ' ')
    .trim();

const longDate = (iso) =>
  new Date(iso).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });

const STYLE =
  'body{font-family:Georgia,serif;max-width:760px;margin:0 auto;padding:16px;line-height:1.6;color:#222}' +
  'header,footer{font-family:system-ui,sans-serif}nav a{margin-right:12px}img{max-width:100%;height:auto}' +
  '.price s{color:#777}.sold-out{color:#a00;font-weight:bold}ul.grid{list-style:none;padding:0}';

/**
 * @param {{ publicUrl: string, site: SiteRecord, title: string, description: string, path: string,
 *   body: string, head?: string }} page
 */
function layout({ publicUrl, site, title, description, path, body, head = '' }) {
  const base = siteUrl(publicUrl, site.website.siteId);
  return `<!doctype html>
<html lang="${escapeHtml(site.website.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(description)}">
<link rel="canonical" href="${escapeHtml(base + path)}">
<meta property="og:site_name" content="${escapeHtml(site.website.title)}">
<meta property="og:title" content="${escapeHtml(title)}">
<meta property="og:description" content="${escapeHtml(description)}">
<meta property="og:url" content="${escapeHtml(base + path)}">
${head}<style>${STYLE}</style>
</head>
<body>
<header><a href="${escapeHtml(base)}/"><strong>${escapeHtml(site.website.title)}</strong></a>
<nav><a href="${escapeHtml(base)}/shop">Shop</a><a href="${escapeHtml(base)}/blog">Blog</a></nav></header>
<main>
${body}
</main>
<footer><p>&copy; ${escapeHtml(site.website.title)}. Powered by Squarespace (local stand-in).</p></footer>
</body>
</html>
`;
}

const visibleProducts = (site) => site.products.filter((p) => p.isVisible);
const newestFirst = (a, b) => (a.publishedOn < b.publishedOn ? 1 : -1);

function productCard(publicUrl, site, product) {
  const { siteId } = site.website;
  return `<li><a href="${escapeHtml(productUrl(publicUrl, siteId, product))}">${escapeHtml(product.name)}</a> — ${escapeHtml(priceText(site, product))}</li>`;
}

function postItem(publicUrl, site, post) {
  return `<li><a href="${escapeHtml(postUrl(publicUrl, site.website.siteId, post))}">${escapeHtml(post.title)}</a> <time datetime="${escapeHtml(post.publishedOn)}">${escapeHtml(longDate(post.publishedOn))}</time></li>`;
}

const currencySign = (currency) => (currency === 'USD' ? '$' : `${currency} `);
function priceText(site, product) {
  const sign = currencySign(site.website.currency);
  const variant = product.variants[0];
  return variant.onSale ? `${sign}${variant.salePrice}` : `${sign}${variant.price}`;
}

const soldOut = (product) => product.variants.every((v) => !v.stock.unlimited && v.stock.quantity === 0);

export function homePage(publicUrl, site) {
  const posts = [...site.posts].sort(newestFirst).slice(0, 5);
  const products = visibleProducts(site).slice(0, 8);
  const base = escapeHtml(siteUrl(publicUrl, site.website.siteId));
  const body = `<h1>${escapeHtml(site.website.title)}</h1>
<p>${escapeHtml(site.tagline)}</p>
<section><h2><a href="${base}/shop">Shop</a></h2><ul class="grid">${products.map((p) => productCard(publicUrl, site, p)).join('')}</ul></section>
<section><h2><a href="${base}/blog">Blog</a></h2><ul>${posts.map((p) => postItem(publicUrl, site, p)).join('')}</ul></section>`;
  return layout({ publicUrl, site, title: site.website.title, description: site.tagline, path: '/', body });
}

export function shopPage(publicUrl, site) {
  const body = `<h1>Shop</h1><ul class="grid">${visibleProducts(site)
    .map((p) => productCard(publicUrl, site, p))
    .join('')}</ul>`;
  const description = `Shop ${site.website.title}: ${site.tagline}`;
  return layout({ publicUrl, site, title: `Shop — ${site.website.title}`, description, path: '/shop', body });
}

export function blogPage(publicUrl, site) {
  const body = `<h1>Blog</h1><ul>${[...site.posts]
    .sort(newestFirst)
    .map((p) => postItem(publicUrl, site, p))
    .join('')}</ul>`;
  const description = `The ${site.website.title} blog.`;
  return layout({ publicUrl, site, title: `Blog — ${site.website.title}`, description, path: '/blog', body });
}

/** @param {string} publicUrl @param {SiteRecord} site @param {PostRecord} post */
export function postPage(publicUrl, site, post) {
  const url = postUrl(publicUrl, site.website.siteId, post);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    author: { '@type': 'Person', name: post.author },
    datePublished: post.publishedOn,
    dateModified: post.modifiedOn,
    url,
  };
  const body = `<article>
<h1>${escapeHtml(post.title)}</h1>
<p class="byline">By ${escapeHtml(post.author)} · <time datetime="${escapeHtml(post.publishedOn)}">${escapeHtml(longDate(post.publishedOn))}</time></p>
${post.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${post.tags.length ? `<p class="tags">Tags: ${post.tags.map(escapeHtml).join(', ')}</p>` : ''}
</article>`;
  return layout({
    publicUrl,
    site,
    title: `${post.title} — ${site.website.title}`,
    description: post.excerpt,
    path: `/blog/${post.slug}`,
    head: `<meta property="og:type" content="article">\n<script type="application/ld+json">${scriptJson(jsonLd)}</script>\n`,
    body,
  });
}

/** @param {string} publicUrl @param {SiteRecord} site @param {ProductRecord} product */
export function productPage(publicUrl, site, product) {
  const { siteId, currency } = site.website;
  const url = productUrl(publicUrl, siteId, product);
  const image = product.images[0];
  const text = htmlToText(product.description);
  const variant = product.variants[0];
  const available = !soldOut(product);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: text,
    sku: variant.sku,
    image: image ? imageUrl(publicUrl, siteId, image) : undefined,
    url,
    offers: {
      '@type': 'Offer',
      price: variant.onSale ? variant.salePrice : variant.price,
      priceCurrency: currency,
      availability: available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
  };
  const price = variant.onSale
    ? `<s>${escapeHtml(currencySign(currency) + variant.price)}</s> ${escapeHtml(currencySign(currency) + variant.salePrice)}`
    : escapeHtml(currencySign(currency) + variant.price);
  const options = product.variantAttributes.length
    ? `<label>${escapeHtml(product.variantAttributes[0])} <select name="variant">${product.variants
        .map(
          (v) => `<option value="${escapeHtml(v.id)}">${escapeHtml(Object.values(v.attributes).join(' / '))}</option>`,
        )
        .join('')}</select></label>`
    : '';
  const body = `<article class="product">
${image ? `<img src="${escapeHtml(imageUrl(publicUrl, siteId, image))}" alt="${escapeHtml(image.altText)}" width="${image.width}" height="${image.height}">` : ''}
<h1>${escapeHtml(product.name)}</h1>
<p class="price">${price}</p>
${available ? '' : '<p class="sold-out">Sold out</p>'}
${options}
<div class="description">${product.description}</div>
${product.tags.length ? `<p class="tags">Tags: ${product.tags.map(escapeHtml).join(', ')}</p>` : ''}
</article>`;
  return layout({
    publicUrl,
    site,
    title: `${product.name} — ${site.website.title}`,
    description: text || product.name,
    path: `/shop/p/${product.urlSlug}`,
    head: `<meta property="og:type" content="product">\n<script type="application/ld+json">${scriptJson(jsonLd)}</script>\n`,
    body,
  });
}

export function notFoundPage(publicUrl, site) {
  const body = '<h1>Page not found</h1><p>We couldn’t find the page you were looking for.</p>';
  const title = `Page not found — ${site.website.title}`;
  return layout({ publicUrl, site, title, description: title, path: '/404', body });
}

/** The newest change of the site: the home page's lastmod. */
export function siteModifiedOn(site) {
  let newest = '';
  for (const item of [...site.posts, ...visibleProducts(site)]) if (item.modifiedOn > newest) newest = item.modifiedOn;
  return newest || new Date(0).toISOString();
}

/** sitemap.xml: the home page, every post and every visible product, each with its lastmod. */
export function sitemap(publicUrl, site) {
  const { siteId } = site.website;
  const entry = (loc, lastmod, extra = '') =>
    `  <url>\n    <loc>${escapeHtml(loc)}</loc>\n    <lastmod>${escapeHtml(lastmod)}</lastmod>\n${extra}  </url>\n`;
  const imageOf = (product) =>
    product.images
      .map(
        (image) =>
          `    <image:image>\n      <image:loc>${escapeHtml(imageUrl(publicUrl, siteId, image))}</image:loc>\n      <image:title>${escapeHtml(image.altText)}</image:title>\n    </image:image>\n`,
      )
      .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
${entry(`${siteUrl(publicUrl, siteId)}/`, siteModifiedOn(site))}${site.posts
    .map((post) => entry(postUrl(publicUrl, siteId, post), post.modifiedOn))
    .join('')}${visibleProducts(site)
    .map((product) => entry(productUrl(publicUrl, siteId, product), product.modifiedOn, imageOf(product)))
    .join('')}</urlset>
`;
}

export function robotsTxt(publicUrl, site) {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl(publicUrl, site.website.siteId)}/sitemap.xml\n`;
}

const initialsOf = (name) =>
  String(name)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0].toUpperCase())
    .join('') || '?';

/** A product image: a square in a colour derived from the image id, with the product's initials. */
export function productImageSvg(product, imageId) {
  const hue = parseInt(createHash('sha256').update(imageId).digest('hex').slice(0, 4), 16) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="1500" viewBox="0 0 100 100" role="img" aria-label="${escapeHtml(product.name)}">
<rect width="100" height="100" fill="hsl(${hue}, 45%, 62%)"/>
<text x="50" y="50" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="36" fill="#fff">${escapeHtml(initialsOf(product.name))}</text>
</svg>
`;
}
