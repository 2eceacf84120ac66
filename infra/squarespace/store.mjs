// The fixture websites' state: products and posts by site, in memory and, with a data file, written after
// every change (atomically: a temporary file renamed over the old one), so products added by hand survive
// a restart of `npm start`. A data file from another fixture version is replaced by fresh fixtures.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { FIXTURE_VERSION, fixtureSites, productRecord, slugify } from './fixtures.mjs';

/** @typedef {import('./fixtures.mjs').SiteRecord} SiteRecord */
/** @typedef {import('./fixtures.mjs').ProductRecord} ProductRecord */
/** @typedef {import('./fixtures.mjs').PostRecord} PostRecord */

/**
 * @typedef {{ name?: string, description?: string, price?: string, stock?: number | 'unlimited',
 *   visible?: boolean, type?: 'PHYSICAL' | 'DIGITAL' }} ProductChange
 */

/** @param {{ dataFile?: string, log?: (line: string) => void }} options */
export function openStore({ dataFile, log = () => {} } = {}) {
  /** @type {Record<string, SiteRecord>} */
  let sites = load() ?? fixtureSites();
  let lastStamp = 0;

  function load() {
    if (!dataFile) return undefined;
    let saved;
    try {
      saved = JSON.parse(readFileSync(dataFile, 'utf8'));
    } catch (error) {
      if (error.code === 'ENOENT') return undefined;
      throw new Error(`squarespace provider: cannot read ${dataFile}: ${error.message}`);
    }
    if (saved?.version === FIXTURE_VERSION && saved.sites) return saved.sites;
    log(`squarespace provider: ${dataFile} is from another fixture version; starting from the fixtures`);
    return undefined;
  }

  function save() {
    if (!dataFile) return;
    mkdirSync(dirname(dataFile), { recursive: true });
    const temporary = `${dataFile}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify({ version: FIXTURE_VERSION, sites }));
    renameSync(temporary, dataFile);
  }

  /** Now, strictly later than any stamp handed out before, so modifiedOn orders every change. */
  function stamp() {
    lastStamp = Math.max(Date.now(), lastStamp + 1);
    return new Date(lastStamp).toISOString();
  }

  const site = (siteId) => (Object.hasOwn(sites, siteId) ? sites[siteId] : undefined);
  const product = (siteId, id) => site(siteId)?.products.find((p) => p.id === id);
  const post = (siteId, slug) => site(siteId)?.posts.find((p) => p.slug === slug);

  function uniqueSlug(taken, text) {
    const base = slugify(text);
    let slug = base;
    for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
    return slug;
  }

  /** Applies a change to a product record (the first variant carries price and stock). */
  function applyProductChange(record, change) {
    if (change.name !== undefined) {
      record.name = change.name;
      for (const image of record.images) image.altText = change.name;
    }
    if (change.description !== undefined) record.description = change.description;
    if (change.visible !== undefined) record.isVisible = change.visible;
    const variant = record.variants[0];
    if (change.price !== undefined) variant.price = change.price;
    if (change.stock !== undefined) {
      const unlimited = change.stock === 'unlimited';
      variant.stock = { quantity: unlimited ? 0 : Number(change.stock), unlimited };
    }
    record.modifiedOn = stamp();
  }

  return {
    site,
    product,
    post,
    siteIds: () => Object.keys(sites),

    /** @param {string} siteId @param {ProductChange & { name: string }} fields */
    addProduct(siteId, fields) {
      const s = /** @type {SiteRecord} */ (site(siteId));
      const now = stamp();
      const record = productRecord({
        key: `product/added/${randomBytes(12).toString('hex')}`,
        siteId,
        storePageId: s.storePageId,
        name: fields.name,
        type: fields.type ?? 'PHYSICAL',
        description: fields.description ?? '',
        urlSlug: uniqueSlug(new Set(s.products.map((p) => p.urlSlug)), fields.name),
        isVisible: fields.visible ?? true,
        price: fields.price ?? '20.00',
        stock: fields.stock ?? 'unlimited',
        createdOn: now,
      });
      s.products.push(record);
      save();
      return record;
    },

    /** @param {string} siteId @param {string} id @param {ProductChange} change */
    updateProduct(siteId, id, change) {
      const record = product(siteId, id);
      if (!record) return undefined;
      applyProductChange(record, change);
      save();
      return record;
    },

    removeProduct(siteId, id) {
      const s = site(siteId);
      const before = s?.products.length;
      if (s) s.products = s.products.filter((p) => p.id !== id);
      const removed = s !== undefined && s.products.length !== before;
      if (removed) save();
      return removed;
    },

    /** @param {string} siteId @param {{ title: string, body: string, author?: string }} fields */
    addPost(siteId, { title, body, author = 'Sniff Demo' }) {
      const s = /** @type {SiteRecord} */ (site(siteId));
      const now = stamp();
      const paragraphs = paragraphsOf(body);
      /** @type {PostRecord} */
      const record = {
        slug: uniqueSlug(new Set(s.posts.map((p) => p.slug)), title),
        title,
        excerpt: paragraphs[0] ?? title,
        author,
        tags: [],
        paragraphs,
        publishedOn: now,
        modifiedOn: now,
      };
      s.posts.push(record);
      save();
      return record;
    },

    /** @param {string} siteId @param {string} slug @param {{ title?: string, body?: string }} change */
    updatePost(siteId, slug, change) {
      const record = post(siteId, slug);
      if (!record) return undefined;
      if (change.title !== undefined) record.title = change.title;
      if (change.body !== undefined) {
        record.paragraphs = paragraphsOf(change.body);
        record.excerpt = record.paragraphs[0] ?? record.title;
      }
      record.modifiedOn = stamp();
      save();
      return record;
    },

    removePost(siteId, slug) {
      const s = site(siteId);
      const before = s?.posts.length;
      if (s) s.posts = s.posts.filter((p) => p.slug !== slug);
      const removed = s !== undefined && s.posts.length !== before;
      if (removed) save();
      return removed;
    },

    /** Back to the fixtures (and the data file with them). */
    reset() {
      sites = fixtureSites();
      save();
    },

    /** The product showing an image (for the generated image files). */
    productOfImage(siteId, imageId) {
      return site(siteId)?.products.find((p) => p.images.some((i) => i.id === imageId));
    },
  };
}

const paragraphsOf = (text) =>
  String(text)
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
