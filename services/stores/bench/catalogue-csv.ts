/**
 * A synthetic but shop-like product catalogue, the CSV the wizard uploads (columns name, description,
 * price, category, image_url). Deterministic: the same seed gives the same bytes on every run.
 *
 * Names are "<brand> <line> <colour/material> <product>" ("Fernhollow Aster Waxed Canvas Tote Bag"):
 * brands and product lines are made-up words (80 and 400 of them), as real catalogues have; products,
 * materials, colours and features come from per-category word lists. Descriptions are one or two
 * sentences from templates; some have commas and quotes (quoted fields), about 1 in 12 rows has no
 * image and 1 in 40 no description, prices carry a currency sign now and then.
 */

/** Deterministic PRNG (mulberry32), as the search benchmarks use. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

interface Category {
  name: string;
  products: string[];
  materials: string[];
  features: string[];
  uses: string[];
  price: [number, number];
}

const CATEGORIES: Category[] = [
  {
    name: 'Bags',
    products: ['Tote Bag', 'Backpack', 'Duffel', 'Messenger Bag', 'Sling Pack', 'Weekender', 'Crossbody Bag'],
    materials: ['Waxed Canvas', 'Recycled Nylon', 'Full-Grain Leather', 'Ripstop', 'Cotton Twill'],
    features: ['a padded laptop sleeve', 'a water-resistant base', 'hidden zip pockets', 'adjustable straps'],
    uses: ['daily commutes', 'weekend trips', 'carry-on travel', 'market days'],
    price: [35, 220],
  },
  {
    name: 'Footwear',
    products: ['Trail Runners', 'Chelsea Boots', 'Canvas Sneakers', 'Hiking Boots', 'Slip-Ons', 'Sandals'],
    materials: ['Suede', 'Mesh', 'Nubuck', 'Leather', 'Organic Cotton'],
    features: ['a grippy rubber outsole', 'a cushioned footbed', 'reinforced toe caps', 'a breathable lining'],
    uses: ['rocky trails', 'city walking', 'long days on your feet', 'summer evenings'],
    price: [45, 260],
  },
  {
    name: 'Outerwear',
    products: ['Rain Jacket', 'Puffer Vest', 'Fleece Pullover', 'Parka', 'Windbreaker', 'Shell Jacket'],
    materials: ['Recycled Polyester', 'Merino Blend', 'Softshell', 'Down', 'Waxed Cotton'],
    features: ['taped seams', 'a packable hood', 'two-way zips', 'pit vents'],
    uses: ['wet commutes', 'alpine hikes', 'cold mornings', 'layering in shoulder seasons'],
    price: [60, 380],
  },
  {
    name: 'Knitwear',
    products: ['Beanie', 'Crewneck Sweater', 'Cardigan', 'Scarf', 'Turtleneck', 'Mittens'],
    materials: ['Merino Wool', 'Lambswool', 'Alpaca', 'Cashmere', 'Organic Cotton'],
    features: ['ribbed cuffs', 'a relaxed fit', 'a brushed finish', 'a classic cable knit'],
    uses: ['chilly evenings', 'everyday layering', 'winter walks', 'gifting'],
    price: [18, 190],
  },
  {
    name: 'Kitchen',
    products: ['Chef Knife', 'Cast Iron Skillet', 'Cutting Board', 'Dutch Oven', 'Pour-Over Kettle', 'Salad Bowl'],
    materials: ['Carbon Steel', 'Enamelled Cast Iron', 'Acacia Wood', 'Stainless Steel', 'Stoneware'],
    features: ['a riveted handle', 'an even-heating base', 'a food-safe oil finish', 'a gooseneck spout'],
    uses: ['weeknight dinners', 'slow braises', 'serving a crowd', 'the perfect morning brew'],
    price: [14, 240],
  },
  {
    name: 'Coffee & Tea',
    products: ['Espresso Beans', 'Loose Leaf Tea', 'Cold Brew Kit', 'Tea Infuser', 'Coffee Grinder', 'Travel Mug'],
    materials: ['Single Origin', 'Organic', 'Burr', 'Ceramic', 'Double-Walled'],
    features: ['notes of dark chocolate', 'a bright citrus finish', 'ceramic conical burrs', 'a leak-proof lid'],
    uses: ['slow mornings', 'the office', 'camping trips', 'afternoon breaks'],
    price: [9, 160],
  },
  {
    name: 'Home Decor',
    products: ['Table Lamp', 'Throw Blanket', 'Wall Mirror', 'Planter', 'Vase', 'Cushion Cover', 'Candle'],
    materials: ['Linen', 'Rattan', 'Terracotta', 'Brass', 'Hand-Blown Glass', 'Soy Wax'],
    features: ['a dimmable switch', 'hand-finished edges', 'a drainage hole', 'a 40-hour burn time'],
    uses: ['cosy reading corners', 'bright hallways', 'sunny windowsills', 'the dinner table'],
    price: [12, 280],
  },
  {
    name: 'Bedding',
    products: ['Duvet Cover', 'Fitted Sheet', 'Pillowcase Set', 'Weighted Blanket', 'Quilt', 'Mattress Topper'],
    materials: ['Stonewashed Linen', 'Percale Cotton', 'Sateen', 'Bamboo Lyocell', 'Flannel'],
    features: ['deep pockets', 'hidden button closures', 'a breathable weave', 'pre-washed softness'],
    uses: ['hot sleepers', 'guest rooms', 'lazy Sundays', 'year-round comfort'],
    price: [25, 320],
  },
  {
    name: 'Outdoor Gear',
    products: ['Headlamp', 'Camp Stove', 'Sleeping Bag', 'Trekking Poles', 'Dry Bag', 'Hammock', 'Tent'],
    materials: ['Aluminium', 'Titanium', 'Ultralight Nylon', 'Carbon Fibre', 'Silnylon'],
    features: ['a rechargeable battery', 'a one-hand lock', 'a compression sack', 'a roll-top closure'],
    uses: ['backcountry nights', 'festival weekends', 'thru-hikes', 'paddling trips'],
    price: [15, 450],
  },
  {
    name: 'Cycling',
    products: ['Bike Light Set', 'Cycling Gloves', 'Saddle Bag', 'Helmet', 'Bike Lock', 'Bottle Cage', 'Jersey'],
    materials: ['Polycarbonate', 'Hardened Steel', 'Lycra', 'Aluminium', 'Recycled Polyester'],
    features: ['USB-C charging', 'MIPS protection', 'gel palm padding', 'reflective details'],
    uses: ['night rides', 'gravel adventures', 'the daily commute', 'long summer rides'],
    price: [12, 210],
  },
  {
    name: 'Fitness',
    products: ['Yoga Mat', 'Kettlebell', 'Resistance Bands', 'Foam Roller', 'Jump Rope', 'Dumbbell Set'],
    materials: ['Natural Rubber', 'Cork', 'Cast Iron', 'High-Density Foam', 'Neoprene'],
    features: ['a non-slip surface', 'a wide flat base', 'five resistance levels', 'ball-bearing handles'],
    uses: ['home workouts', 'hot yoga', 'recovery days', 'the gym bag'],
    price: [10, 180],
  },
  {
    name: 'Skincare',
    products: ['Face Serum', 'Hand Cream', 'Lip Balm', 'Cleansing Oil', 'Night Cream', 'Sunscreen SPF 50'],
    materials: ['Vitamin C', 'Shea Butter', 'Hyaluronic', 'Rosehip', 'Mineral'],
    features: ['no added fragrance', 'a lightweight texture', 'recyclable packaging', 'cold-pressed oils'],
    uses: ['sensitive skin', 'dry winter hands', 'daily protection', 'an evening routine'],
    price: [8, 95],
  },
  {
    name: 'Stationery',
    products: ['Notebook', 'Fountain Pen', 'Planner', 'Sketchbook', 'Desk Organiser', 'Washi Tape Set'],
    materials: ['Dot Grid', 'Recycled Paper', 'Brass', 'Vegan Leather', 'Bamboo'],
    features: ['lay-flat binding', 'a fine steel nib', 'numbered pages', 'an elastic closure'],
    uses: ['journaling', 'sketching on the go', 'planning the week', 'a tidy desk'],
    price: [6, 140],
  },
  {
    name: 'Toys & Games',
    products: ['Puzzle', 'Board Game', 'Building Blocks', 'Plush Bear', 'Kite', 'Card Game'],
    materials: ['1000-Piece', 'Wooden', 'Organic Cotton', 'Recycled Cardboard', 'Ripstop'],
    features: ['a storage tin', 'non-toxic paints', 'rules for two to six players', 'a tangle-free line'],
    uses: ['family game nights', 'rainy afternoons', 'windy beach days', 'little hands'],
    price: [9, 85],
  },
  {
    name: 'Pet Supplies',
    products: ['Dog Collar', 'Cat Tree', 'Dog Bed', 'Leash', 'Food Bowl', 'Chew Toy'],
    materials: ['Biothane', 'Sisal', 'Memory Foam', 'Climbing Rope', 'Stoneware', 'Natural Rubber'],
    features: ['a quick-release buckle', 'a washable cover', 'a non-slip base', 'a reflective stitch line'],
    uses: ['muddy walks', 'indoor cats', 'senior dogs', 'heavy chewers'],
    price: [8, 190],
  },
  {
    name: 'Audio',
    products: ['Wireless Earbuds', 'Bluetooth Speaker', 'Headphones', 'Turntable', 'Portable Radio'],
    materials: ['Noise-Cancelling', 'Waterproof', 'Over-Ear', 'Belt-Drive', 'Walnut'],
    features: ['30 hours of battery', 'a built-in microphone', 'a USB-C port', 'a carrying pouch'],
    uses: ['long flights', 'pool parties', 'focused work', 'vinyl evenings'],
    price: [25, 420],
  },
  {
    name: 'Jewellery',
    products: ['Pendant Necklace', 'Stud Earrings', 'Signet Ring', 'Chain Bracelet', 'Hoop Earrings'],
    materials: ['Sterling Silver', 'Recycled Gold', 'Rose Gold Vermeil', 'Freshwater Pearl', 'Brass'],
    features: ['a hypoallergenic finish', 'an adjustable chain', 'a gift box', 'hand engraving'],
    uses: ['everyday wear', 'anniversaries', 'stacking', 'special occasions'],
    price: [20, 340],
  },
  {
    name: 'Garden',
    products: ['Pruning Shears', 'Watering Can', 'Seed Starter Kit', 'Raised Bed', 'Garden Kneeler', 'Trowel'],
    materials: ['Galvanised Steel', 'Cedar', 'Powder-Coated', 'Recycled Plastic', 'Ash Wood'],
    features: ['a bypass blade', 'a long brass rose', 'a humidity dome', 'a comfortable grip'],
    uses: ['balcony gardens', 'spring planting', 'allotment days', 'herb growers'],
    price: [9, 260],
  },
  {
    name: 'Baby & Kids',
    products: ['Baby Blanket', 'Romper', 'Teething Ring', 'Bib Set', 'Play Mat', 'Kids Raincoat'],
    materials: ['Muslin', 'Organic Cotton', 'Food-Grade Silicone', 'Merino', 'Recycled Polyester'],
    features: ['snap closures', 'soft rolled edges', 'a wipe-clean surface', 'a roomy hood'],
    uses: ['newborns', 'nap time', 'puddle jumping', 'growing toddlers'],
    price: [9, 120],
  },
  {
    name: 'Pantry',
    products: ['Olive Oil', 'Hot Sauce', 'Granola', 'Raw Honey', 'Sea Salt Flakes', 'Pasta Sauce'],
    materials: ['Extra Virgin', 'Smoked', 'Small-Batch', 'Wildflower', 'Heirloom Tomato'],
    features: ['a peppery finish', 'no added sugar', 'a resealable pouch', 'hand-harvested crystals'],
    uses: ['weeknight cooking', 'breakfast bowls', 'finishing dishes', 'gift hampers'],
    price: [5, 45],
  },
];
const COLOURS = [
  'Black',
  'Charcoal',
  'Navy',
  'Olive',
  'Sand',
  'Rust',
  'Forest Green',
  'Slate Blue',
  'Oat',
  'Burgundy',
  'Mustard',
  'Ivory',
  'Clay',
  'Sage',
  'Stone',
];
const ADJECTIVES = ['Durable', 'Lightweight', 'Handmade', 'Classic', 'Compact', 'Everyday', 'Premium', 'Versatile'];
const SYLLABLES = [
  'al', 'ber', 'cal', 'dor', 'en', 'fen', 'gar', 'hol', 'is', 'kel', 'lin', 'mar', 'nor', 'o', 'per', 'quin',
  'ros', 'sel', 'tor', 'ul', 'ver', 'wyn', 'ya', 'zan', 'ash', 'bri', 'cor', 'del', 'far', 'glen', 'har', 'lo',
]; // prettier-ignore
const BRAND_TAILS = ['works', 'wood', 'field', 'hollow', 'stone', 'craft', 'co', 'ridge', 'mill', 'haven'];

/** A made-up word of `n` syllables, capitalised ("Glenmarwyn"). */
function madeUp(r: () => number, n: number): string {
  let w = '';
  for (let i = 0; i < n; i++) w += pick(r, SYLLABLES);
  return w[0]!.toUpperCase() + w.slice(1);
}
/** `count` distinct made-up words of 5+ letters. */
function distinct(count: number, make: () => string): string[] {
  const out = new Set<string>();
  while (out.size < count) {
    const w = make();
    if (w.length >= 5) out.add(w);
  }
  return [...out];
}

export interface CatalogueRow {
  name: string;
  description: string;
  price: string;
  category: string;
  image_url: string;
  /** Not written to the file: the row's product line and product type, to choose a target by. */
  line: string;
  product: string;
}

/** One row a product: `rows` products from `seed`. */
export function catalogueRows(rows: number, seed = 11): CatalogueRow[] {
  const r = rng(seed);
  const brands = distinct(80, () => madeUp(r, 2) + pick(r, BRAND_TAILS));
  const lines = distinct(400, () => madeUp(r, 2 + Math.floor(r() * 2)));
  const out: CatalogueRow[] = [];
  for (let i = 0; i < rows; i++) {
    const c = pick(r, CATEGORIES);
    const product = pick(r, c.products);
    const material = pick(r, c.materials);
    const colour = pick(r, COLOURS);
    const brand = pick(r, brands);
    const line = pick(r, lines);
    const shape = r();
    const name =
      shape < 0.4
        ? `${brand} ${line} ${material} ${product}`
        : shape < 0.75
          ? `${brand} ${line} ${product} - ${colour}`
          : `${line} ${material} ${product} by ${brand}`;
    const feature = pick(r, c.features);
    const use = pick(r, c.uses);
    const first = pick(r, [
      `${pick(r, ADJECTIVES)} ${material.toLowerCase()} ${product.toLowerCase()} with ${feature}.`,
      `Our ${line} ${product.toLowerCase()} is made for ${use}, with ${feature}.`,
      `${material} ${product.toLowerCase()} from ${brand}, finished in ${colour.toLowerCase()}.`,
    ]);
    const second = pick(r, [
      '',
      ` Made for ${use}.`,
      ` Pairs well with the rest of the ${line} collection.`,
      ` Ships in plastic-free packaging; free returns within 30 days.`,
      ` Measures ${10 + Math.floor(r() * 50)}" x ${5 + Math.floor(r() * 30)}" ("${pick(r, ['small', 'medium', 'large'])}" size).`,
    ]);
    const description = r() < 1 / 40 ? '' : first + second;
    const [lo, hi] = c.price;
    const cents = pick(r, ['.00', '.50', '.95', '.99']);
    const amount = `${Math.floor(lo + r() * (hi - lo))}${cents}`;
    const price = r() < 0.1 ? `$${amount}` : amount;
    const handle = `${i + 1}-${product}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const image_url =
      r() < 1 / 12
        ? ''
        : `https://cdn.shopify.com/s/files/1/0612/3456/7890/products/${handle}.jpg?v=${1_700_000_000 + i * 37}`;
    out.push({ name, description, price, category: c.name, image_url, line, product });
  }
  return out;
}

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
const field = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export function toCsv(rows: CatalogueRow[]): string {
  const head = ['name', 'description', 'price', 'category', 'image_url'] as const;
  return [head.join(','), ...rows.map((row) => head.map((h) => field(row[h])).join(','))].join('\r\n') + '\r\n';
}

/** Words of a name, lower case, as the engine would see them (letters and digits). */
export const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** One edit a searcher makes: two neighbouring letters in the middle of the word swapped ("glenmarwyn" -> "glemnarwyn"). */
export function typo(word: string, r: () => number): string {
  for (let attempt = 0; attempt < 20; attempt++) {
    const at = 1 + Math.floor(r() * (word.length - 3)); // never the first or the last letter
    const swapped = word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    if (swapped !== word) return swapped;
  }
  return word.slice(0, -2) + word.at(-1) + word.at(-2);
}

export interface Target {
  row: number;
  name: string;
  query: string;
}

/**
 * A product to look for in round `round` and its typo'd query: a row in the last tenth of the file
 * whose product line and product type no other row shares, searched for as a visitor would type it
 * with one slip ("glemnarwyn tote bag"). The typo'd word is no word of the catalogue.
 */
export function targetFor(rows: CatalogueRow[], round: number, seed = 5): Target {
  const r = rng(seed + round);
  const vocabulary = new Set(rows.flatMap((row) => wordsOf(`${row.name} ${row.description} ${row.category}`)));
  const nameWords = rows.map((row) => new Set(wordsOf(row.name)));
  const from = Math.floor(rows.length * 0.9);
  for (let attempt = 0; attempt < 1_000; attempt++) {
    const i = from + Math.floor(r() * (rows.length - from));
    const row = rows[i]!;
    const line = row.line.toLowerCase();
    if (line.length < 7) continue;
    const productWords = wordsOf(row.product);
    const together = [line, ...productWords];
    const others = nameWords.filter((set, j) => j !== i && together.every((w) => set.has(w)));
    if (others.length) continue;
    const slip = typo(line, r);
    if (vocabulary.has(slip)) continue;
    return { row: i, name: row.name, query: [slip, ...productWords].join(' ') };
  }
  throw new Error('no product with a unique line and product type in the last tenth of the catalogue');
}
