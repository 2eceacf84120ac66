// The fixture websites, generated deterministically (hashes and one seeded generator, never Math.random):
// the same ids, names, prices and dates on every start, so tests and demos can rely on them.
//
// Keys (Authorization: Bearer <key>):
//   sqsp_demo_store_key       Sniff Demo Goods (siteId sniff-demo-goods): 320 products, 6 blog posts
//   sqsp_demo_blog_key        Sniff Demo Journal (siteId sniff-demo-journal): 40 blog posts, 12 products
//   sqsp_demo_noproducts_key  Sniff Demo Journal without the products scope (403 on the products API)
import { createHash } from 'node:crypto';
import {
  AUTHORS,
  CARE,
  COLOURS,
  GENERAL_CARE,
  ITEM_KINDS,
  JOURNAL_PRODUCTS,
  POST_FORMATS,
  STORE_DIGITAL,
  STYLES,
  TOPICS,
  TOWNS,
} from './words.mjs';

export const DEMO_STORE_KEY = 'sqsp_demo_store_key';
export const DEMO_BLOG_KEY = 'sqsp_demo_blog_key';
export const DEMO_NO_PRODUCTS_KEY = 'sqsp_demo_noproducts_key';

export const STORE_SITE_ID = 'sniff-demo-goods';
export const BLOG_SITE_ID = 'sniff-demo-journal';

/** Scope names as Squarespace's OAuth scopes; an API key's permissions map onto them. */
export const PRODUCTS_READ = 'website.products.read';

/** @type {Record<string, { siteId: string, scopes: string[] }>} */
export const API_KEYS = {
  [DEMO_STORE_KEY]: { siteId: STORE_SITE_ID, scopes: [PRODUCTS_READ] },
  [DEMO_BLOG_KEY]: { siteId: BLOG_SITE_ID, scopes: [PRODUCTS_READ] },
  [DEMO_NO_PRODUCTS_KEY]: { siteId: BLOG_SITE_ID, scopes: [] },
};

/** Bumped when the shape of the state changes: a data file of another version is replaced by the fixtures. */
export const FIXTURE_VERSION = 1;

export const STORE_PRODUCT_COUNT = 320;

/**
 * @typedef {{ id: string, sku: string, price: string, salePrice: string, onSale: boolean,
 *   stock: { quantity: number, unlimited: boolean }, attributes: Record<string, string> }} VariantRecord
 * @typedef {{ id: string, type: 'PHYSICAL' | 'DIGITAL', storePageId: string, name: string, description: string,
 *   urlSlug: string, tags: string[], isVisible: boolean, variantAttributes: string[], variants: VariantRecord[],
 *   images: { id: string, altText: string, width: number, height: number }[], createdOn: string,
 *   modifiedOn: string }} ProductRecord
 * @typedef {{ slug: string, title: string, excerpt: string, author: string, tags: string[], paragraphs: string[],
 *   publishedOn: string, modifiedOn: string }} PostRecord
 * @typedef {{ website: { id: string, siteId: string, title: string, currency: string, measurementStandard: string,
 *   language: string, timeZone: string }, tagline: string, storePageId: string, products: ProductRecord[],
 *   posts: PostRecord[] }} SiteRecord
 */

const sha = (text) => createHash('sha256').update(text).digest('hex');
/** A Squarespace-looking object id (24 hex digits) derived from a name. */
export const hexId = (name) => sha(name).slice(0, 24);
/** A UUID-shaped id derived from a name (variant and image ids). */
export const uuidFrom = (name) => {
  const h = sha(name);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** mulberry32: a small seeded generator, so "random" fixtures are the same on every run. */
function seeded(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
  };
}

/** Fisher-Yates with the seeded generator (a random sort comparator depends on the engine's sort). */
function shuffled(rng, list) {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = rng.int(0, i);
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

export const slugify = (text) =>
  String(text)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80) || 'item';

export const money = (value) => Number(value).toFixed(2);

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** Plain text (paragraphs separated by blank lines) as the HTML Squarespace stores for a description. */
export const textToHtml = (text) =>
  String(text)
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('');

/**
 * One product record; `key` names it for the derived ids.
 * @param {{ key: string, siteId: string, storePageId: string, name: string, description: string,
 *   type?: 'PHYSICAL' | 'DIGITAL', urlSlug: string, tags?: string[], isVisible?: boolean, price: number | string,
 *   salePrice?: number | string | null, stock?: number | 'unlimited', sizes?: string[], createdOn: string,
 *   modifiedOn?: string }} fields
 * @returns {ProductRecord}
 */
export function productRecord(fields) {
  const { key, siteId, type = 'PHYSICAL', sizes = [], stock = 'unlimited', salePrice = null } = fields;
  const skuBase = parseInt(sha(`${siteId}/${key}/sku`).slice(0, 7), 16) % 9_000_000;
  const options = sizes.length ? sizes : [null];
  const unlimited = type === 'DIGITAL' || stock === 'unlimited';
  return {
    id: hexId(`${siteId}/${key}`),
    type,
    storePageId: fields.storePageId,
    name: fields.name,
    description: fields.description,
    urlSlug: fields.urlSlug,
    tags: fields.tags ?? [],
    isVisible: fields.isVisible ?? true,
    variantAttributes: sizes.length ? ['Size'] : [],
    variants: options.map((size, i) => ({
      id: uuidFrom(`${siteId}/${key}/variant/${i}`),
      sku: `SQ${1_000_000 + skuBase + i}`,
      price: money(Number(fields.price) + i * Math.ceil(Number(fields.price) * 0.25)),
      salePrice: money(salePrice ?? 0),
      onSale: salePrice !== null,
      stock: { quantity: unlimited ? 0 : Number(stock), unlimited },
      attributes: size ? { Size: size } : {},
    })),
    images: [{ id: uuidFrom(`${siteId}/${key}/image`), altText: fields.name, width: 1500, height: 1500 }],
    createdOn: fields.createdOn,
    modifiedOn: fields.modifiedOn ?? fields.createdOn,
  };
}

const DAY = 86_400_000;
const iso = (ms) => new Date(ms).toISOString();

function describe(rng, kind, material, colour) {
  const colourText = colour ? ` in ${colour.toLowerCase()}` : '';
  const thing = `${material.toLowerCase()} ${kind.item.toLowerCase()}`;
  const article = kind.plural ? '' : /^[aeiou]/.test(thing) ? 'An ' : 'A ';
  const what = article ? `${article}${thing}` : thing[0].toUpperCase() + thing.slice(1);
  const first = `${what}${colourText} for ${kind.use}, made in small batches in ${rng.pick(TOWNS)}.`;
  return rng.next() < 0.7 ? `${first} ${CARE[material] ?? GENERAL_CARE}` : first;
}

/** The ecommerce store: two names other teams' tests rely on, the digital downloads, then generated goods. */
function storeProducts(siteId, storePageId) {
  const rng = seeded(20240108);
  const start = Date.UTC(2024, 0, 8, 14, 0, 0);
  const names = new Set();
  /** @type {ProductRecord[]} */
  const products = [];
  const add = (fields) => {
    const i = products.length;
    const createdOn = start + i * 26 * 3_600_000 + rng.int(0, 59) * 60_000;
    names.add(fields.name);
    products.push(
      productRecord({
        key: `product/${i}`,
        siteId,
        storePageId,
        urlSlug: slugify(fields.name),
        // a few hidden, some on sale, some out of stock, some unlimited: what a real shop looks like
        isVisible: i % 40 !== 17,
        salePrice: i % 9 === 4 ? Math.round(Number(fields.price) * 80) / 100 : null,
        stock: i % 10 === 3 ? 0 : i % 5 === 1 ? 'unlimited' : rng.int(1, 60),
        createdOn: iso(createdOn),
        modifiedOn: iso(createdOn + rng.int(0, 120) * DAY + rng.int(0, 86_399) * 1000),
        ...fields,
      }),
    );
  };
  const mug = ITEM_KINDS.find((k) => k.item === 'Mug');
  const board = ITEM_KINDS.find((k) => k.item === 'Cutting Board');
  add({
    name: 'Handmade Ceramic Mug',
    description: `<p>${describe(rng, mug, 'Ceramic', null)}</p>`,
    price: 28,
    tags: ['kitchen', 'ceramic', 'handmade'],
    stock: 24,
  });
  add({
    name: 'Walnut Cutting Board',
    description: `<p>${describe(rng, board, 'Walnut', null)}</p>`,
    price: 64,
    tags: ['kitchen', 'walnut'],
    stock: 12,
  });
  for (const digital of STORE_DIGITAL) {
    add({
      name: digital.name,
      type: 'DIGITAL',
      description: `<p>${digital.text} Delivered as a download link right after checkout.</p>`,
      price: digital.price,
      tags: ['digital', digital.tag],
    });
  }
  while (products.length < STORE_PRODUCT_COUNT) {
    const kind = rng.pick(ITEM_KINDS);
    const material = rng.pick(kind.materials);
    const colour = rng.next() < 0.6 ? rng.pick(COLOURS) : null;
    const style = rng.next() < 0.35 ? rng.pick(STYLES) : null;
    const name = [style, colour, material, kind.item].filter(Boolean).join(' ');
    if (names.has(name)) continue;
    add({
      name,
      description: `<p>${describe(rng, kind, material, colour)}</p>`,
      price: kind.price + rng.int(-4, 12) + (rng.next() < 0.5 ? 0.99 : 0),
      tags: [kind.tag, slugify(material), ...(colour ? [slugify(colour)] : [])],
      sizes: kind.sizes,
    });
  }
  return products;
}

function journalProducts(siteId, storePageId) {
  const start = Date.UTC(2024, 2, 4, 10, 0, 0);
  return JOURNAL_PRODUCTS.map((p, i) =>
    productRecord({
      key: `product/${i}`,
      siteId,
      storePageId,
      name: p.name,
      type: /** @type {'PHYSICAL' | 'DIGITAL'} */ (p.type),
      description: `<p>${p.text}</p>`,
      urlSlug: slugify(p.name),
      tags: [p.tag],
      price: p.price,
      stock: i % 4 === 2 ? 0 : 10 + i,
      isVisible: i !== 7,
      createdOn: iso(start + i * 11 * DAY),
      modifiedOn: iso(start + i * 11 * DAY + (i % 3) * 5 * DAY),
    }),
  );
}

/** @returns {PostRecord[]} */
function posts(seed, topics, formats, start) {
  const rng = seeded(seed);
  const list = [];
  for (const format of formats) {
    for (const topic of topics) {
      const title = format(topic.name);
      const publishedOn = start + list.length * 9 * DAY + rng.int(0, 600) * 60_000;
      const sentences = shuffled(rng, topic.sentences);
      const author = AUTHORS[list.length % AUTHORS.length];
      list.push({
        slug: slugify(title),
        title,
        excerpt: `${sentences[0]} Notes on ${topic.name.toLowerCase()} by ${author}.`,
        author,
        tags: topic.tags,
        paragraphs: [
          `Readers often ask us about ${topic.name.toLowerCase()}, so this post collects what has worked for us.`,
          sentences.slice(0, 2).join(' '),
          sentences.slice(2).join(' '),
          `Have a tip about ${topic.name.toLowerCase()} we missed? Write to us and we may share it in a future post.`,
        ],
        publishedOn: iso(publishedOn),
        modifiedOn: iso(publishedOn + (rng.next() < 0.3 ? rng.int(1, 40) * DAY : 0)),
      });
    }
  }
  return list;
}

const website = (siteId, title) => ({
  id: hexId(`website/${siteId}`),
  siteId,
  title,
  currency: 'USD',
  measurementStandard: 'IMPERIAL',
  language: 'en-US',
  timeZone: 'America/New_York',
});

/** Fresh fixture state: every site by siteId. @returns {Record<string, SiteRecord>} */
export function fixtureSites() {
  const storePage = hexId(`${STORE_SITE_ID}/store-page`);
  const journalPage = hexId(`${BLOG_SITE_ID}/store-page`);
  const careTopics = TOPICS.filter((t) => ['Linen Care', 'Wooden Board Care', 'Handmade Ceramics'].includes(t.name));
  const journalTopics = TOPICS.filter((t) => !careTopics.includes(t));
  return {
    [STORE_SITE_ID]: {
      website: website(STORE_SITE_ID, 'Sniff Demo Goods'),
      tagline: 'Handmade goods for the kitchen, the table and the home.',
      storePageId: storePage,
      products: storeProducts(STORE_SITE_ID, storePage),
      posts: posts(7, careTopics, POST_FORMATS.slice(0, 2), Date.UTC(2024, 1, 1, 9, 0, 0)),
    },
    [BLOG_SITE_ID]: {
      website: website(BLOG_SITE_ID, 'Sniff Demo Journal'),
      tagline: 'Slow living, baking, gardening and the outdoors.',
      storePageId: journalPage,
      products: journalProducts(BLOG_SITE_ID, journalPage),
      posts: posts(11, journalTopics, POST_FORMATS, Date.UTC(2023, 9, 2, 8, 0, 0)),
    },
  };
}
