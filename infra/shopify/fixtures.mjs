// The stand-in's fixed world: one app (Sniff), a demo shop with ~300 live products and an empty shop.
// Products come from word lists through a seeded generator, so every run (and every machine) sees the
// same catalogue, ids, handles and dates; nothing depends on today's date.

export const DEMO_SHOP = 'sniff-demo.myshopify.com';
export const EMPTY_SHOP = 'sniff-empty.myshopify.com';

/** The app Sniff installs: the install page names it; its key and secret are options. */
export const APP_NAME = 'Sniff Site Search';
export const DEFAULT_API_KEY = 'sniff-local-app';
export const DEFAULT_API_SECRET = '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';
/** Local callbacks on any port; a deployment passes its own list (redirectUrls). */
export const DEFAULT_REDIRECT_URLS = ['http://localhost:*', 'http://127.0.0.1:*'];

/** Titles other teams' tests search for: always present, always ACTIVE. */
export const TRAIL_RUNNING_SHOES = 'Trail Running Shoes';
export const MERINO_WOOL_BEANIE = 'Merino Wool Beanie';

export const ACTIVE_PRODUCT_COUNT = 300;
export const DRAFT_PRODUCT_COUNT = 6;
export const ARCHIVED_PRODUCT_COUNT = 4;

/** @typedef {{ domain: string, id: number, name: string, email: string, currencyCode: string }} Shop */

/** @type {Shop[]} */
export const SHOPS = [
  {
    domain: DEMO_SHOP,
    id: 74100001,
    name: 'Sniff Demo Outfitters',
    email: 'owner@sniff-demo.example',
    currencyCode: 'USD',
  },
  {
    domain: EMPTY_SHOP,
    id: 74100002,
    name: 'Sniff Empty Store',
    email: 'owner@sniff-empty.example',
    currencyCode: 'USD',
  },
];

/**
 * A product as the stand-in keeps it; the GraphQL and storefront views derive the rest (gid, urls,
 * plain-text description, price range).
 * @typedef {{ id: number, title: string, handle: string, descriptionHtml: string, productType: string,
 *   vendor: string, tags: string[], status: 'ACTIVE' | 'DRAFT' | 'ARCHIVED', createdAt: string,
 *   updatedAt: string, prices: number[], inventory: number, tracksInventory: boolean,
 *   image: { altText: string | null } | null }} Product
 */

export const FIRST_PRODUCT_ID = 7420000000001;

/** mulberry32: small, fast and the same everywhere. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const handleOf = (title) =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'product';

const ADJECTIVES = [
  'Alpine',
  'Summit',
  'Ridge',
  'Coastal',
  'Canyon',
  'Timberline',
  'Glacier',
  'Meadow',
  'Basecamp',
  'Trailhead',
  'Northern',
  'Desert',
  'Harbor',
  'Cedar',
  'Granite',
  'Everyday',
];

/** Product types, each noun with the materials that suit it. */
const CATEGORIES = [
  {
    type: 'Shoes',
    nouns: {
      'Trail Runners': ['Recycled Mesh', 'Waterproof', 'Vegan'],
      'Hiking Boots': ['Leather', 'Suede', 'Waterproof'],
      'Camp Sandals': ['Recycled', 'Cork', 'Leather'],
      'Approach Shoes': ['Suede', 'Leather'],
      'Winter Boots': ['Insulated', 'Waterproof', 'Shearling'],
      'Slip-On Sneakers': ['Canvas', 'Wool', 'Vegan'],
    },
    vendors: ['Northbound Gear', 'Ridgeline Co.'],
    tags: ['footwear'],
    price: [6900, 21900],
  },
  {
    type: 'Tops',
    nouns: {
      'T-Shirt': ['Organic Cotton', 'Merino', 'Hemp'],
      Hoodie: ['Organic Cotton', 'Fleece', 'Merino'],
      'Flannel Shirt': ['Organic Cotton', 'Brushed Cotton'],
      'Base Layer': ['Merino', 'Recycled Polyester'],
      'Long Sleeve Tee': ['Organic Cotton', 'Linen', 'Hemp'],
      Henley: ['Merino', 'Linen', 'Waffle-Knit'],
    },
    vendors: ['Sniff Demo Outfitters', 'Bramble Wool Works'],
    tags: ['apparel', 'tops'],
    price: [2400, 8900],
  },
  {
    type: 'Outerwear',
    nouns: {
      'Rain Jacket': ['Ripstop', 'Waterproof', 'Packable'],
      'Fleece Jacket': ['Recycled', 'Sherpa', 'Grid'],
      'Down Vest': ['Packable', 'Quilted', 'Recycled'],
      'Softshell Jacket': ['Stretch', 'Windproof'],
      Parka: ['Insulated', 'Waxed Canvas', 'Recycled Down'],
      'Wind Shell': ['Ultralight', 'Packable'],
    },
    vendors: ['Northbound Gear', 'Saltwater Supply'],
    tags: ['apparel', 'outerwear'],
    price: [7900, 32900],
  },
  {
    type: 'Bottoms',
    nouns: {
      'Hiking Pants': ['Stretch', 'Convertible', 'Ripstop'],
      'Trail Shorts': ['Stretch', 'Quick-Dry'],
      Joggers: ['Organic Cotton', 'Fleece'],
      Leggings: ['Merino', 'Recycled'],
      'Climbing Pants': ['Canvas', 'Stretch'],
    },
    vendors: ['Sniff Demo Outfitters', 'Ridgeline Co.'],
    tags: ['apparel', 'bottoms'],
    price: [3900, 11900],
  },
  {
    type: 'Accessories',
    nouns: {
      Beanie: ['Merino', 'Alpaca', 'Wool', 'Cable-Knit'],
      Gloves: ['Wool', 'Leather', 'Fleece'],
      'Neck Gaiter': ['Merino', 'Recycled'],
      'Sun Hat': ['Packable', 'Straw', 'Cotton'],
      'Hiking Socks': ['Merino', 'Wool'],
      Belt: ['Leather', 'Webbing'],
      Cap: ['Cotton', 'Waxed Canvas', 'Corduroy'],
    },
    vendors: ['Bramble Wool Works', 'Sniff Demo Outfitters'],
    tags: ['accessories'],
    price: [1400, 5900],
  },
  {
    type: 'Packs',
    nouns: {
      Daypack: ['Ripstop', '20L', 'Recycled Nylon'],
      Backpack: ['40L', 'Waxed Canvas', 'Ultralight'],
      'Hip Pack': ['Ripstop', 'Recycled Nylon'],
      'Dry Bag': ['Roll-Top', '10L', '20L'],
      Duffel: ['Waxed Canvas', '60L'],
      Tote: ['Canvas', 'Roll-Top'],
    },
    vendors: ['Northbound Gear', 'Saltwater Supply'],
    tags: ['packs', 'travel'],
    price: [2900, 22900],
  },
  {
    type: 'Camping',
    nouns: {
      Tent: ['Two-Person', 'Ultralight', 'Four-Season'],
      'Sleeping Bag': ['Down', 'Synthetic', '20°F'],
      'Sleeping Pad': ['Insulated', 'Self-Inflating', 'Foam'],
      'Camp Chair': ['Folding', 'Ultralight'],
      Hammock: ['Ripstop', 'Double'],
      Headlamp: ['Rechargeable', '400 Lumen'],
      Lantern: ['Solar', 'Rechargeable'],
    },
    vendors: ['Ridgeline Co.', 'Northbound Gear'],
    tags: ['camping'],
    price: [1900, 44900],
  },
  {
    type: 'Kitchen',
    nouns: {
      'Camp Stove': ['Titanium', 'Two-Burner'],
      'Cook Set': ['Titanium', 'Stainless Steel'],
      'French Press': ['Stainless Steel', 'Insulated'],
      Mug: ['Enamel', 'Titanium', 'Stoneware'],
      "Chef's Knife": ['Carbon Steel', 'Damascus'],
      'Cutting Board': ['Walnut', 'Maple', 'Bamboo'],
      Skillet: ['Cast Iron', 'Carbon Steel'],
      'Water Bottle': ['Stainless Steel', 'Insulated'],
      Tumbler: ['Insulated', 'Enamel'],
      'Spice Kit': ['Camp', 'Smoked'],
    },
    vendors: ['Fieldhouse Kitchen', 'Kettle & Pine'],
    tags: ['kitchen'],
    price: [1200, 17900],
  },
  {
    type: 'Home',
    nouns: {
      Blanket: ['Wool', 'Linen', 'Alpaca'],
      Candle: ['Soy Wax', 'Beeswax'],
      'Throw Pillow': ['Linen', 'Wool'],
      Doormat: ['Coir', 'Rubber'],
      'Wall Hook': ['Brass', 'Oak'],
    },
    vendors: ['Kettle & Pine', 'Bramble Wool Works'],
    tags: ['home'],
    price: [1800, 14900],
  },
];

const COLORS = ['black', 'sage', 'rust', 'navy', 'sand', 'charcoal', 'forest', 'ochre'];

const FEATURES = [
  'Built for long days outside and easy care at home.',
  'Tested on the trail by our staff & repaired, not replaced.',
  'Made in small batches with a lifetime repair promise.',
  'Light enough to forget, tough enough for every season.',
  'Designed to pack small and dry fast.',
];

/** The fixture epoch: dates are fixed so filters on updated_at give the same answer on every run. */
const EPOCH = Date.parse('2025-01-06T09:00:00Z');
const HOUR = 3600 * 1000;
const LAST_UPDATE = Date.parse('2026-08-31T17:00:00Z');

const iso = (ms) => new Date(ms).toISOString().replace('.000Z', 'Z');
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** @param {{ noun: string, material: string, type: string, color: string, feature: string }} o */
function describe({ noun, material, type, color, feature }) {
  return (
    `<p>The ${escape(material.toLowerCase())} ${escape(noun.toLowerCase())} from our ${escape(type.toLowerCase())} range, in ${color}.</p>` +
    `<p><strong>${escape(feature)}</strong></p>` +
    `<ul><li>${escape(material)} construction</li><li>Free repairs for life</li></ul>`
  );
}

/** @param {() => number} rand @param {[number, number]} range */
function pricesFor(rand, [low, high]) {
  const base = Math.round((low + rand() * (high - low)) / 100) * 100 + [0, 0, 95, 99][Math.floor(rand() * 4)];
  const variants = 1 + Math.floor(rand() * 3);
  return Array.from({ length: variants }, (_, i) => base + i * 500);
}

/** The two products other teams search for, first in id order. */
function specials() {
  return [
    {
      title: TRAIL_RUNNING_SHOES,
      productType: 'Shoes',
      vendor: 'Northbound Gear',
      tags: ['footwear', 'running', 'trail'],
      descriptionHtml:
        '<p>Grippy, cushioned <strong>trail running shoes</strong> with a rock plate &amp; a 6&nbsp;mm drop.</p><ul><li>Recycled mesh upper</li><li>Lugged outsole for mud and scree</li></ul>',
      prices: [12900, 13900],
      inventory: 42,
    },
    {
      title: MERINO_WOOL_BEANIE,
      productType: 'Accessories',
      vendor: 'Bramble Wool Works',
      tags: ['accessories', 'merino', 'winter'],
      descriptionHtml:
        '<p>A soft, itch-free <strong>merino wool beanie</strong> that keeps you warm on cold mornings.</p><ul><li>100% merino</li><li>One size fits most</li></ul>',
      prices: [3400],
      inventory: 120,
    },
  ];
}

/**
 * The demo shop's catalogue: ACTIVE_PRODUCT_COUNT active products (the specials first), then drafts and
 * archived ones spread through the id order, two gift cards that track no inventory and a few products
 * without an image.
 * @returns {Product[]}
 */
export function demoProducts() {
  const rand = random(20250106);
  const total = ACTIVE_PRODUCT_COUNT + DRAFT_PRODUCT_COUNT + ARCHIVED_PRODUCT_COUNT;
  // drafts and archived products at fixed, spread positions (never the specials)
  const drafts = new Set(Array.from({ length: DRAFT_PRODUCT_COUNT }, (_, i) => 17 + i * 47));
  const archived = new Set(Array.from({ length: ARCHIVED_PRODUCT_COUNT }, (_, i) => 33 + i * 71));
  const seen = new Set([TRAIL_RUNNING_SHOES, MERINO_WOOL_BEANIE].map(handleOf));
  /** @type {Product[]} */
  const products = [];
  let createdAt = EPOCH;
  const fixed = specials();
  for (let i = 0; i < total; i++) {
    createdAt += (20 + Math.floor(rand() * 40)) * HOUR;
    const status = drafts.has(i) ? 'DRAFT' : archived.has(i) ? 'ARCHIVED' : 'ACTIVE';
    const updatedAt = Math.min(LAST_UPDATE, createdAt + Math.floor(rand() * 200 * 24) * HOUR);
    const id = FIRST_PRODUCT_ID + i;
    const color = COLORS[Math.floor(rand() * COLORS.length)];
    const special = fixed[i];
    if (special) {
      products.push({
        id,
        handle: handleOf(special.title),
        status: 'ACTIVE',
        createdAt: iso(createdAt),
        updatedAt: iso(updatedAt),
        tracksInventory: true,
        image: { altText: special.title },
        ...special,
      });
      continue;
    }
    if (i === 150 || i === 275) {
      const amount = i === 150 ? 2500 : 10000;
      const title = `Gift Card $${amount / 100}`;
      seen.add(handleOf(title));
      products.push({
        id,
        title,
        handle: handleOf(title),
        descriptionHtml: `<p>A gift card worth $${amount / 100}, delivered by e-mail. It never expires.</p>`,
        productType: 'Gift Card',
        vendor: 'Sniff Demo Outfitters',
        tags: ['gift'],
        status,
        createdAt: iso(createdAt),
        updatedAt: iso(updatedAt),
        prices: [amount],
        inventory: 0,
        tracksInventory: false,
        image: { altText: title },
      });
      continue;
    }
    const category = CATEGORIES[Math.floor(rand() * CATEGORIES.length)];
    let title;
    let noun;
    let material;
    do {
      const nouns = Object.keys(category.nouns);
      noun = nouns[Math.floor(rand() * nouns.length)];
      const materials = category.nouns[noun];
      material = materials[Math.floor(rand() * materials.length)];
      const adjective = ADJECTIVES[Math.floor(rand() * ADJECTIVES.length)];
      const shape = rand();
      title =
        shape < 0.45
          ? `${adjective} ${material} ${noun}`
          : shape < 0.75
            ? `${adjective} ${noun}`
            : `${material} ${noun}`;
    } while (seen.has(handleOf(title)));
    seen.add(handleOf(title));
    const inventory = rand() < 0.08 ? 0 : Math.floor(rand() * 120) + 1;
    const tags = [...category.tags, material.toLowerCase().replace(/\s+/g, '-'), color];
    if (rand() < 0.15) tags.push('new');
    if (rand() < 0.1) tags.push('sale');
    products.push({
      id,
      title,
      handle: handleOf(title),
      descriptionHtml: describe({
        noun,
        material,
        type: category.type,
        color,
        feature: FEATURES[Math.floor(rand() * FEATURES.length)],
      }),
      productType: category.type,
      vendor: category.vendors[Math.floor(rand() * category.vendors.length)],
      tags: [...new Set(tags)].sort(),
      status,
      createdAt: iso(createdAt),
      updatedAt: iso(updatedAt),
      prices: pricesFor(rand, /** @type {[number, number]} */ (category.price)),
      inventory,
      tracksInventory: true,
      image: i % 15 === 7 ? null : { altText: rand() < 0.8 ? title : null },
    });
  }
  return products;
}

/** Every shop's products, fresh. @returns {Record<string, Product[]>} */
export function fixtureProducts() {
  return { [DEMO_SHOP]: demoProducts(), [EMPTY_SHOP]: [] };
}
