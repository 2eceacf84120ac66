// Request parameters as the stripe SDK sends them: form-encoded with bracket notation
// (`metadata[owner]=x`, `line_items[0][price]=p`, `expand[]=customer`), in the body of a POST or the query
// of a GET/DELETE. Readers below check each value and name the offending param the way Stripe does.
import qs from 'qs';
import getRawBody from 'raw-body';
import { StripeApiError, invalidParam, missingParam, unknownParam } from './errors.mjs';

export const BODY_LIMIT_BYTES = 256 * 1024;

const parse = (text) =>
  qs.parse(text, { depth: 6, arrayLimit: 100, parameterLimit: 1000, allowPrototypes: false, strictDepth: false });

/**
 * The raw body text (kept for idempotency fingerprints) and the parsed params.
 * @param {import('node:http').IncomingMessage} req
 * @param {URL} url
 */
export async function readParams(req, url) {
  const query = parse(url.search.slice(1));
  if (req.method !== 'POST') return { raw: url.search, params: query };
  let raw;
  try {
    raw = await getRawBody(req, { length: req.headers['content-length'], limit: BODY_LIMIT_BYTES, encoding: 'utf8' });
  } catch (error) {
    const status = error?.status === 413 ? 413 : 400;
    throw new StripeApiError(status, {
      message: status === 413 ? 'The request body is too large.' : 'The request body could not be read.',
    });
  }
  const type = String(req.headers['content-type'] ?? '');
  if (raw && type.includes('application/json'))
    throw new StripeApiError(400, {
      message: 'Invalid request: the body must be application/x-www-form-urlencoded, as the Stripe API expects.',
    });
  return { raw, params: { ...query, ...parse(raw) } };
}

/**
 * Refuses params the endpoint does not know, as Stripe does, so a typo fails here and not only in production.
 * @param {Record<string, unknown>} params
 * @param {string[]} known
 */
export function onlyKnown(params, known) {
  for (const key of Object.keys(params)) if (key !== 'expand' && !known.includes(key)) throw unknownParam(key);
}

const isPlain = (value) => typeof value === 'string';

/** @returns {string | undefined} */
export function optionalString(params, key, name = key) {
  const value = params?.[key];
  if (value === undefined || value === '') return undefined;
  if (!isPlain(value)) throw invalidParam(name, `Invalid string: ${name} must be a string.`);
  if (value.length > 5000) throw invalidParam(name, `Invalid string: ${name} must be at most 5000 characters.`);
  return value;
}

/** @returns {string} */
export function requiredString(params, key, name = key) {
  const value = optionalString(params, key, name);
  if (value === undefined) throw missingParam(name);
  return value;
}

/** @returns {number | undefined} */
export function optionalInteger(params, key, name = key, { min = -Infinity, max = Infinity } = {}) {
  const value = optionalString(params, key, name);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw invalidParam(name, `Invalid integer: ${value}`);
  const number = Number(value);
  if (number < min || number > max)
    throw invalidParam(name, `Invalid ${name}: must be between ${min} and ${max === Infinity ? 'infinity' : max}.`);
  return number;
}

/** @returns {boolean | undefined} */
export function optionalBoolean(params, key, name = key) {
  const value = optionalString(params, key, name);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw invalidParam(name, `Invalid boolean: ${value}`);
  return value === 'true';
}

/** Metadata: at most 50 string keys (40 chars) with string values (500 chars); '' unsets a key. */
export function optionalMetadata(params, key = 'metadata', name = key) {
  const value = params?.[key];
  if (value === undefined) return undefined;
  if (value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value) || value === null)
    throw invalidParam(name, `Invalid object: ${name} must be a hash of string keys and values.`);
  const entries = Object.entries(value);
  if (entries.length > 50) throw invalidParam(name, `Invalid ${name}: at most 50 keys.`);
  for (const [k, v] of entries) {
    if (typeof v !== 'string') throw invalidParam(`${name}[${k}]`, `Invalid string: ${name}[${k}] must be a string.`);
    if (k.length > 40) throw invalidParam(name, `Invalid ${name}: keys must be at most 40 characters.`);
    if (v.length > 500) throw invalidParam(`${name}[${k}]`, `Invalid ${name}: values must be at most 500 characters.`);
  }
  return Object.fromEntries(entries);
}

/** An array param (`x[0]=a` or `x[]=a`), each element checked by `each`. */
export function optionalArray(params, key, name = key) {
  const value = params?.[key];
  if (value === undefined || value === '') return undefined;
  const list = Array.isArray(value) ? value : typeof value === 'object' && value ? Object.values(value) : null;
  if (!list) throw invalidParam(name, `Invalid array: ${name} must be an array.`);
  return list;
}

/** expand[] paths, at most 4 levels deep as Stripe allows. */
export function expandPaths(params) {
  const list = optionalArray(params, 'expand') ?? [];
  return list.map((path, i) => {
    if (typeof path !== 'string') throw invalidParam(`expand[${i}]`, 'Invalid string: expand entries must be strings.');
    if (path.split('.').length > 4) throw invalidParam(`expand[${i}]`, `You cannot expand more than 4 levels: ${path}`);
    return path;
  });
}

const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/** @returns {string | undefined} */
export function optionalEmail(params, key, name = key) {
  const value = optionalString(params, key, name);
  if (value === undefined) return undefined;
  if (value.length > 512 || !EMAIL_PATTERN.test(value))
    throw invalidParam(name, `Invalid email address: ${value}`, 'email_invalid');
  return value;
}

/** An absolute http(s) URL, as Checkout requires for success_url / cancel_url. */
export function optionalUrl(params, key, name = key) {
  const value = optionalString(params, key, name);
  if (value === undefined) return undefined;
  let parsed;
  try {
    parsed = new URL(value.replaceAll('{CHECKOUT_SESSION_ID}', 'x'));
  } catch {
    parsed = undefined;
  }
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol))
    throw invalidParam(name, `Not a valid URL: ${name} must be an absolute http(s) URL.`, 'url_invalid');
  return value;
}
