// What a stored product looks like from outside: its global id, its storefront and image URLs (under
// this run's public URL, so a moved stand-in moves them too), its plain-text description, its price
// range in Shopify's Decimal strings; and the checks on products written through /_provider.
import { handleOf } from './fixtures.mjs';

/** @typedef {import('./fixtures.mjs').Product} Product */

export const productGid = (id) => `gid://shopify/Product/${id}`;

/** The numeric id of `gid://shopify/Product/<n>` (or of a bare number), else undefined. */
export function productIdOf(value) {
  const match = /^(?:gid:\/\/shopify\/Product\/)?(\d{1,16})$/.exec(String(value ?? ''));
  return match ? Number(match[1]) : undefined;
}

/** Shopify's Decimal: "34.0", "129.99". */
export const decimal = (cents) => (cents % 100 === 0 ? `${cents / 100}.0` : (cents / 100).toFixed(2));

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** descriptionHtml as text: tags dropped, block ends become spaces, entities decoded, spaces collapsed. */
export function plainText(html) {
  return String(html ?? '')
    .replace(/<\/(p|li|h[1-6]|div)>|<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+\d*);/gi, (entity, name) => {
      const lower = name.toLowerCase();
      if (lower in ENTITIES) return ENTITIES[lower];
      if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
      if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)));
      return entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cut at a word boundary within `length` characters, marked with an ellipsis, as Shopify's truncateAt. */
export function truncate(text, length) {
  if (length == null || text.length <= length) return text;
  if (length <= 3) return text.slice(0, Math.max(0, length));
  const cut = text.slice(0, length - 3);
  const space = cut.lastIndexOf(' ');
  return `${(space > length / 2 ? cut.slice(0, space) : cut).trimEnd()}...`;
}

/** @param {string} publicUrl @param {string} shop */
export const storefrontUrl = (publicUrl, shop, handle) =>
  `${publicUrl}/shops/${shop}/products/${encodeURIComponent(handle)}`;
export const imageUrl = (publicUrl, shop, handle) => `${publicUrl}/shops/${shop}/cdn/${encodeURIComponent(handle)}.svg`;

const STATUSES = ['ACTIVE', 'DRAFT', 'ARCHIVED'];
const MAX_TITLE = 255;

class InputError extends Error {}
export { InputError };

/** Money as given by a tester: 19.99, "19.99" or "19" -> cents. */
function cents(value, field) {
  const text = String(value).trim();
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) throw new InputError(`${field} must be an amount such as 19.99`);
  return Math.round(Number(text) * 100);
}

const escapeText = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The fields of a product written through /_provider: `{title, description?, descriptionHtml?, price?,
 * prices?, inventory?, status?, vendor?, productType?, tags?, handle?, image?}`; all required when
 * creating, any subset when updating. Throws InputError naming the first bad field.
 * @param {Record<string, unknown>} body
 * @param {{ partial: boolean }} mode
 * @returns {Partial<Product>}
 */
export function productInput(body, { partial }) {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new InputError('the body must be a JSON object');
  const known = [
    'title',
    'description',
    'descriptionHtml',
    'price',
    'prices',
    'inventory',
    'status',
    'vendor',
    'productType',
    'tags',
    'handle',
    'image',
    'tracksInventory',
  ];
  const unknown = Object.keys(body).find((key) => !known.includes(key));
  if (unknown) throw new InputError(`unknown field: ${unknown}`);
  /** @type {Partial<Product>} */
  const out = {};
  const text = (field, { max = MAX_TITLE, required = false } = {}) => {
    const value = body[field];
    if (value === undefined) {
      if (required) throw new InputError(`${field} is required`);
      return undefined;
    }
    if (typeof value !== 'string' || (required && !value.trim()) || value.length > max)
      throw new InputError(`${field} must be a ${required ? 'non-empty ' : ''}string of at most ${max} characters`);
    return value;
  };
  const title = text('title', { required: !partial });
  if (title !== undefined) out.title = title.trim();
  if (body.handle !== undefined) {
    const handle = text('handle');
    if (!handle || handleOf(handle) !== handle) throw new InputError('handle must be lowercase words joined by -');
    out.handle = handle;
  } else if (!partial) out.handle = handleOf(/** @type {string} */ (out.title));
  const html = text('descriptionHtml', { max: 20_000 });
  const description = text('description', { max: 5_000 });
  if (html !== undefined) out.descriptionHtml = html;
  else if (description !== undefined) out.descriptionHtml = description ? `<p>${escapeText(description)}</p>` : '';
  else if (!partial) out.descriptionHtml = '';
  if (body.prices !== undefined) {
    if (!Array.isArray(body.prices) || !body.prices.length || body.prices.length > 100)
      throw new InputError('prices must be a list of 1 to 100 amounts');
    out.prices = body.prices.map((p) => cents(p, 'prices'));
  } else if (body.price !== undefined) out.prices = [cents(body.price, 'price')];
  else if (!partial) out.prices = [0];
  if (body.inventory !== undefined) {
    if (!Number.isInteger(body.inventory) || Math.abs(Number(body.inventory)) > 1_000_000_000)
      throw new InputError('inventory must be a whole number');
    out.inventory = Number(body.inventory);
  } else if (!partial) out.inventory = 0;
  if (body.tracksInventory !== undefined) {
    if (typeof body.tracksInventory !== 'boolean') throw new InputError('tracksInventory must be true or false');
    out.tracksInventory = body.tracksInventory;
  } else if (!partial) out.tracksInventory = true;
  if (body.status !== undefined) {
    const status = String(body.status).toUpperCase();
    if (!STATUSES.includes(status)) throw new InputError('status must be ACTIVE, DRAFT or ARCHIVED');
    out.status = /** @type {Product['status']} */ (status);
  } else if (!partial) out.status = 'ACTIVE';
  const vendor = text('vendor');
  if (vendor !== undefined) out.vendor = vendor;
  else if (!partial) out.vendor = 'Sniff Demo Outfitters';
  const productType = text('productType');
  if (productType !== undefined) out.productType = productType;
  else if (!partial) out.productType = '';
  if (body.tags !== undefined) {
    if (
      !Array.isArray(body.tags) ||
      body.tags.length > 250 ||
      body.tags.some((t) => typeof t !== 'string' || t.length > 255)
    )
      throw new InputError('tags must be a list of strings');
    out.tags = [...new Set(body.tags.map((t) => t.trim()).filter(Boolean))].sort();
  } else if (!partial) out.tags = [];
  if (body.image !== undefined) {
    if (body.image === false || body.image === null) out.image = null;
    else if (body.image === true) out.image = { altText: out.title ?? null };
    else throw new InputError('image must be true (a generated image) or false (none)');
  } else if (!partial) out.image = { altText: out.title ?? null };
  return out;
}
