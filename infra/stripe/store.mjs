// The provider's state: Stripe objects by kind, kept in memory and written to one JSON file after every
// change (atomically: a temporary file renamed over the old one), so `npm start` keeps customers and
// subscriptions across restarts. Without a data file the state lives in memory only.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export const KINDS = [
  'customers',
  'products',
  'prices',
  'coupons',
  'discounts',
  'checkout_sessions',
  'session_setups',
  'subscriptions',
  'invoices',
  'payment_methods',
  'portal_sessions',
  'events',
];

/** Id prefix -> kind, to expand an id found in an object (`customer: 'cus_…'`). */
const KIND_OF_PREFIX = {
  cus: 'customers',
  prod: 'products',
  price: 'prices',
  di: 'discounts',
  cs: 'checkout_sessions',
  sub: 'subscriptions',
  in: 'invoices',
  pm: 'payment_methods',
  bps: 'portal_sessions',
  evt: 'events',
};

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A Stripe-looking id: prefix, underscore, 24 random base62 characters. */
export function newId(prefix) {
  const bytes = randomBytes(24);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${id}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** @param {{ dataFile?: string }} options */
export function openStore({ dataFile } = {}) {
  /** @type {Record<string, Record<string, any>>} insertion-ordered: lists answer newest first */
  let data = Object.fromEntries(KINDS.map((kind) => [kind, {}]));
  let invoiceNumber = 0;
  if (dataFile) {
    try {
      const saved = JSON.parse(readFileSync(dataFile, 'utf8'));
      for (const kind of KINDS) data[kind] = saved[kind] ?? {};
      invoiceNumber = saved.invoiceNumber ?? 0;
    } catch (error) {
      if (error.code !== 'ENOENT') throw new Error(`stripe provider: cannot read ${dataFile}: ${error.message}`);
    }
  }

  function save() {
    if (!dataFile) return;
    mkdirSync(dirname(dataFile), { recursive: true });
    const temporary = `${dataFile}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify({ ...data, invoiceNumber }));
    renameSync(temporary, dataFile);
  }

  const get = (kind, id) => (typeof id === 'string' && Object.hasOwn(data[kind], id) ? data[kind][id] : undefined);

  /** Stores (or replaces) an object; callers `save()` once their change is complete. */
  function put(kind, object) {
    data[kind][object.id] = object;
    return object;
  }

  /** Newest first, like every Stripe list. */
  const all = (kind) => Object.values(data[kind]).reverse();

  /** Follows `path` (dot-separated, `data` for a list's items) and replaces the id at its end by the object. */
  function expand(object, path) {
    const [head, ...rest] = path.split('.');
    if (object == null || typeof object !== 'object') return object;
    if (Array.isArray(object)) return object.map((item) => expand(item, path));
    if (!(head in object)) return object;
    let value = object[head];
    if (typeof value === 'string') {
      const kind = KIND_OF_PREFIX[value.split('_')[0]];
      const found = kind && get(kind, value);
      if (found) value = structuredClone(found);
    }
    return { ...object, [head]: rest.length ? expand(value, rest.join('.')) : value };
  }

  return {
    get,
    put,
    all,
    save,
    expand,
    nextInvoiceNumber: () => ++invoiceNumber,
  };
}

/**
 * A Stripe list object with cursor pagination (limit, starting_after, ending_before).
 * @param {any[]} items newest first
 * @param {{ limit?: number, startingAfter?: string, endingBefore?: string, url: string }} page
 */
export function listObject(items, { limit = 10, startingAfter, endingBefore, url }) {
  let slice = items;
  if (startingAfter) {
    const i = items.findIndex((item) => item.id === startingAfter);
    slice = i === -1 ? [] : items.slice(i + 1);
  } else if (endingBefore) {
    const i = items.findIndex((item) => item.id === endingBefore);
    slice = i === -1 ? [] : items.slice(Math.max(0, i - limit), i);
    return { object: 'list', data: slice, has_more: i - limit > 0, url };
  }
  return { object: 'list', data: slice.slice(0, limit), has_more: slice.length > limit, url };
}
