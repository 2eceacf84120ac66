// The stand-in's state: every shop's products, the access tokens issued and the authorization codes
// waiting to be exchanged. Products and tokens are written to one JSON file after every change
// (atomically: a temporary file renamed over the old one) when a data file is given, so a restart of
// `npm start` keeps an installed shop installed and products added by hand; codes live ten minutes and
// stay in memory.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { FIRST_PRODUCT_ID, SHOPS, fixtureProducts } from './fixtures.mjs';

/** @typedef {import('./fixtures.mjs').Product} Product */
/**
 * @typedef {{ accessToken: string, shop: string, clientId: string, scope: string, createdAt: string,
 *   expiresAt?: string, refreshToken?: string, refreshTokenExpiresAt?: string,
 *   associatedUser?: Record<string, unknown> }} Token
 * @typedef {{ code: string, shop: string, clientId: string, scope: string, online: boolean,
 *   createdAt: number }} Code
 */

export const hex = (bytes) => randomBytes(bytes).toString('hex');

/** @param {{ dataFile?: string, now: () => number }} options */
export function openStore({ dataFile, now }) {
  /** @type {Record<string, Product[]>} each shop's products in id order */
  let products = fixtureProducts();
  let nextProductId = FIRST_PRODUCT_ID + products[SHOPS[0].domain].length;
  /** @type {Token[]} */
  let tokens = [];
  /** @type {Map<string, Code>} */
  const codes = new Map();

  if (dataFile) {
    try {
      const saved = JSON.parse(readFileSync(dataFile, 'utf8'));
      for (const shop of SHOPS)
        if (Array.isArray(saved.products?.[shop.domain])) products[shop.domain] = saved.products[shop.domain];
      nextProductId = Math.max(nextProductId, saved.nextProductId ?? 0);
      tokens = Array.isArray(saved.tokens) ? saved.tokens : [];
    } catch (error) {
      if (error.code !== 'ENOENT') throw new Error(`shopify provider: cannot read ${dataFile}: ${error.message}`);
    }
  }

  function save() {
    if (!dataFile) return;
    mkdirSync(dirname(dataFile), { recursive: true });
    const temporary = `${dataFile}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify({ products, nextProductId, tokens }));
    renameSync(temporary, dataFile);
  }

  const iso = () => new Date(now()).toISOString().replace(/\.\d{3}Z$/, 'Z');

  return {
    iso,
    save,

    /** @param {string} shop @returns {Product[]} */
    products: (shop) => products[shop] ?? [],

    /** @param {string} shop @param {number} id */
    product: (shop, id) => (products[shop] ?? []).find((p) => p.id === id),

    /** @param {string} shop @param {string} handle */
    productByHandle: (shop, handle) => (products[shop] ?? []).find((p) => p.handle === handle),

    /** Adds a product with the next id; handles are unique per shop, as in Shopify ("-1", "-2" ...). */
    addProduct(shop, /** @type {Omit<Product, 'id' | 'createdAt' | 'updatedAt'>} */ fields) {
      const taken = new Set(products[shop].map((p) => p.handle));
      let handle = fields.handle;
      for (let n = 1; taken.has(handle); n++) handle = `${fields.handle}-${n}`;
      const stamp = iso();
      const product = { ...fields, id: nextProductId++, handle, createdAt: stamp, updatedAt: stamp };
      products[shop].push(product);
      save();
      return product;
    },

    updateProduct(shop, id, /** @type {Partial<Product>} */ changes) {
      const product = products[shop].find((p) => p.id === id);
      if (!product) return undefined;
      if (changes.handle && changes.handle !== product.handle) {
        const taken = new Set(products[shop].filter((p) => p !== product).map((p) => p.handle));
        let handle = changes.handle;
        for (let n = 1; taken.has(handle); n++) handle = `${changes.handle}-${n}`;
        changes = { ...changes, handle };
      }
      Object.assign(product, changes, { updatedAt: iso() });
      save();
      return product;
    },

    deleteProduct(shop, id) {
      const before = products[shop].length;
      products[shop] = products[shop].filter((p) => p.id !== id);
      if (products[shop].length === before) return false;
      save();
      return true;
    },

    /** A single-use authorization code (Shopify's are 32 hex characters). */
    issueCode(/** @type {Omit<Code, 'code' | 'createdAt'>} */ grant) {
      const code = hex(16);
      codes.set(code, { ...grant, code, createdAt: now() });
      return code;
    },

    /** @param {string} code @returns {Code | undefined} */
    peekCode: (code) => codes.get(code),

    /** @param {string} code */
    useCode: (code) => codes.delete(code),

    /** Forgets codes older than `maxAgeMs` (they are refused anyway; this keeps the map small). */
    expireCodes(maxAgeMs) {
      for (const [code, grant] of codes) if (now() - grant.createdAt > maxAgeMs) codes.delete(code);
    },

    /** @param {Omit<Token, 'accessToken' | 'createdAt'>} grant @param {string} prefix */
    issueToken(grant, prefix) {
      const token = { accessToken: `${prefix}${hex(16)}`, createdAt: iso(), ...grant };
      tokens.push(token);
      save();
      return token;
    },

    /** The token for this shop, if it is one and has not expired. */
    token(shop, accessToken) {
      const token = tokens.find((t) => t.shop === shop && t.accessToken === accessToken);
      if (!token || (token.expiresAt && Date.parse(token.expiresAt) <= now())) return undefined;
      return token;
    },

    /** The token a refresh token belongs to, the refresh token used up (each is single-use). */
    takeRefreshToken(shop, refreshToken) {
      const token = tokens.find((t) => t.shop === shop && t.refreshToken === refreshToken);
      if (!token || Date.parse(token.refreshTokenExpiresAt ?? '') <= now()) return undefined;
      delete token.refreshToken;
      delete token.refreshTokenExpiresAt;
      save();
      return token;
    },

    tokens: () => tokens,

    /** Fixtures back, every token and code forgotten. */
    reset() {
      products = fixtureProducts();
      nextProductId = FIRST_PRODUCT_ID + products[SHOPS[0].domain].length;
      tokens = [];
      codes.clear();
      save();
    },
  };
}
