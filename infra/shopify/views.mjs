// Server-rendered pages: the app install page an owner sees on /admin/oauth/authorize, Shopify's error
// pages, and the storefront a visitor reaches from a search result (a product page, a home page and a
// generated SVG image per product). No script at all; one stylesheet allowed by its hash; every value
// is escaped.
import { createHash } from 'node:crypto';
import { decimal, plainText } from './products.mjs';

/** @typedef {import('./fixtures.mjs').Product} Product */
/** @typedef {import('./fixtures.mjs').Shop} Shop */

/** @param {unknown} text */
export const escapeHtml = (text) =>
  String(text ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

const STYLE = `
:root{color-scheme:light dark;--bg:#f1f1f1;--card:#fff;--text:#303030;--muted:#616161;--line:#e3e3e3;--accent:#303030;--accent-text:#fff;--error:#8e1f0b;--error-bg:#fee9e8}
@media (prefers-color-scheme:dark){:root{--bg:#1a1a1a;--card:#262626;--text:#f1f1f1;--muted:#b5b5b5;--line:#3d3d3d;--accent:#f1f1f1;--accent-text:#1a1a1a;--error:#fca5a5;--error-bg:#450a0a}}
*{box-sizing:border-box}
body{font-family:system-ui,sans-serif;background:var(--bg);color:var(--text);margin:0;padding:16px;line-height:1.45}
main{background:var(--card);border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:24px;max-width:640px;margin:24px auto}
h1{font-size:1.4rem;margin:0 0 8px}h2{font-size:1.05rem;margin:20px 0 8px}
p,.muted{color:var(--muted)}
ul.scopes{padding-left:20px}ul.scopes li{margin:4px 0}
.actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:20px}
button{padding:10px 16px;border:0;border-radius:8px;background:var(--accent);color:var(--accent-text);font-size:1rem;cursor:pointer;min-height:44px}
button.secondary{background:transparent;color:var(--text);border:1px solid var(--line)}
:focus-visible{outline:3px solid #2c6ecb;outline-offset:2px}
a{color:inherit}
.error{background:var(--error-bg);color:var(--error);border-radius:8px;padding:10px}
.badge{display:inline-block;font-size:.75rem;font-weight:600;border:1px solid var(--line);border-radius:999px;padding:2px 8px;color:var(--muted)}
.product{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:24px;align-items:start}
.product img{width:100%;height:auto;border-radius:8px;background:var(--line)}
.price{font-size:1.25rem;font-weight:600;color:var(--text)}
ul.grid{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(160px,1fr));gap:16px}
ul.grid img{width:100%;height:auto;border-radius:8px}
@media (max-width:560px){.product{grid-template-columns:1fr}}
`;
const STYLE_HASH = `sha256-${createHash('sha256').update(STYLE).digest('base64')}`;

/**
 * No script, the one stylesheet, images from here only, forms that post only here (plus, for the
 * install page, the app's callback: Chromium checks form-action against the redirect after the post
 * too), never framed.
 * @param {string[]} formTargets
 */
export function pageHeaders(formTargets = []) {
  return {
    'content-security-policy': [
      "default-src 'none'",
      `style-src '${STYLE_HASH}'`,
      "script-src 'none'",
      "img-src 'self'",
      `form-action 'self'${formTargets.map((o) => ` ${o}`).join('')}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; '),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
    'content-type': 'text/html; charset=utf-8',
  };
}

function layout(title, body) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

/** What an owner is asked to grant, in Shopify's words where Sniff asks for it. */
const SCOPE_TEXT = {
  read_products: 'View products, variants and collections',
  write_products: 'Modify products, variants and collections',
  read_inventory: 'View inventory and locations',
  read_content: 'View store content such as articles, blogs and pages',
  read_themes: 'View theme templates and theme assets',
  read_orders: 'View orders, transactions and fulfillments',
  read_customers: 'View customer details',
};

/**
 * @param {{ shop: Shop, appName: string, scopes: string[], fields: Record<string, string>, action: string,
 *   callbackOrigin: string }} o fields: the hidden inputs carried to the decision
 */
export function installPage({ shop, appName, scopes, fields, action }) {
  const hidden = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const items = scopes.length
    ? `<ul class="scopes">${scopes.map((s) => `<li>${escapeHtml(SCOPE_TEXT[s] ?? s)} <span class="badge">${escapeHtml(s)}</span></li>`).join('')}</ul>`
    : '<p>This app does not ask for access to your store data.</p>';
  return layout(
    `Install ${appName} · ${shop.name}`,
    `<p class="badge">${escapeHtml(shop.domain)}</p>
<h1>Install ${escapeHtml(appName)}</h1>
<p>${escapeHtml(appName)} will be able to access data in ${escapeHtml(shop.name)}.</p>
<h2>This app will be able to:</h2>
${items}
<form method="post" action="${escapeHtml(action)}">
${hidden}
<div class="actions">
<button type="submit" name="decision" value="install">Install app</button>
<button type="submit" name="decision" value="cancel" class="secondary">Cancel</button>
</div>
</form>`,
  );
}

/** @param {{ title: string, message: string }} o */
export const messagePage = ({ title, message }) =>
  layout(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);

/** An OAuth error as Shopify words it: "Oauth error invalid_request: ...". */
export const oauthErrorPage = (code, message) =>
  layout(
    'Oauth error',
    `<h1>Oauth error ${escapeHtml(code)}</h1><p class="error" role="alert">${escapeHtml(message)}</p>`,
  );

export const unavailablePage = () =>
  messagePage({
    title: 'Sorry, this shop is currently unavailable.',
    message: 'Sorry, this shop is currently unavailable.',
  });

export const notFoundPage = (shop) =>
  layout(
    `404 Not Found · ${shop.name}`,
    `<h1>404 Page Not Found</h1><p>The page you were looking for does not exist.</p><p><a href="/shops/${escapeHtml(shop.domain)}">Continue shopping</a></p>`,
  );

const priceText = (product, shop) => {
  const low = Math.min(...product.prices);
  const high = Math.max(...product.prices);
  const money = (cents) => `$${decimal(cents).replace(/\.0$/, '.00')} ${shop.currencyCode}`;
  return low === high ? money(low) : `From ${money(low)}`;
};

/** @param {{ shop: Shop, product: Product, image: string }} o image: the image's path here */
export function productPage({ shop, product, image }) {
  const stock = !product.tracksInventory || product.inventory > 0 ? 'In stock' : 'Sold out';
  return layout(
    `${product.title} · ${shop.name}`,
    `<p><a href="/shops/${escapeHtml(shop.domain)}">${escapeHtml(shop.name)}</a></p>
<article class="product">
${product.image ? `<img src="${escapeHtml(image)}" alt="${escapeHtml(product.image.altText ?? '')}" width="800" height="800">` : '<div></div>'}
<div>
<p class="badge">${escapeHtml(product.vendor)}</p>
<h1>${escapeHtml(product.title)}</h1>
<p class="price">${escapeHtml(priceText(product, shop))}</p>
<p>${escapeHtml(stock)}</p>
<p>${escapeHtml(plainText(product.descriptionHtml))}</p>
${product.tags.length ? `<p class="muted">Tags: ${product.tags.map(escapeHtml).join(', ')}</p>` : ''}
</div>
</article>`,
  );
}

/** @param {{ shop: Shop, products: Product[], image: (p: Product) => string }} o */
export function homePage({ shop, products, image }) {
  const items = products
    .map(
      (p) =>
        `<li><a href="/shops/${escapeHtml(shop.domain)}/products/${escapeHtml(encodeURIComponent(p.handle))}">${p.image ? `<img src="${escapeHtml(image(p))}" alt="" width="160" height="160" loading="lazy">` : ''}${escapeHtml(p.title)}</a></li>`,
    )
    .join('');
  return layout(
    shop.name,
    `<h1>${escapeHtml(shop.name)}</h1>${items ? `<ul class="grid">${items}</ul>` : '<p>This store has no products yet.</p>'}`,
  );
}

/** Up to two initials of a title: "Trail Running Shoes" -> "TR". */
export const initials = (title) =>
  String(title)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join('') || '?';

/**
 * A square in a colour fixed by the handle, with the title's initials.
 * @param {{ product: Product, width?: number, height?: number }} o
 */
export function productSvg({ product, width = 800, height = 800 }) {
  const hash = createHash('sha256').update(product.handle).digest();
  const hue = hash.readUInt16BE(0) % 360;
  const label = escapeHtml(initials(product.title));
  const title = escapeHtml(product.image?.altText ?? product.title);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 800 800" role="img" aria-label="${title}">
<title>${title}</title>
<rect width="800" height="800" fill="hsl(${hue} 55% 42%)"/>
<text x="400" y="400" dy=".35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="300" font-weight="700" fill="#fff">${label}</text>
</svg>`;
}
