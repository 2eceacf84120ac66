// Test and operator controls under /_provider (JSON, no auth, like infra/stripe's admin routes): change the
// fixture sites' products and posts, queue faults, reset, and read how many requests each path received.
import { textToHtml, money, API_KEYS } from './fixtures.mjs';
import { productObject, postUrl, siteUrl } from './objects.mjs';

const BODY_LIMIT_BYTES = 64 * 1024;

export class AdminError extends Error {
  /** @param {number} status @param {string} message */
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** @param {import('node:http').IncomingMessage} req */
async function readJson(req) {
  let size = 0;
  const chunks = [];
  for await (const chunk of req) {
    size += chunk.length;
    if (size > BODY_LIMIT_BYTES) throw new AdminError(413, 'The body is too large.');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) return {};
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AdminError(400, 'The body must be JSON.');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new AdminError(400, 'The body must be a JSON object.');
  return value;
}

/** A path segment as text; a badly encoded one names nothing that exists. */
function decode(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '\u0000';
  }
}

function onlyKnown(body, known) {
  const unknown = Object.keys(body).find((key) => !known.includes(key));
  if (unknown !== undefined) throw new AdminError(400, `Unknown field "${unknown}"; known: ${known.join(', ')}.`);
}

function text(body, key, { required = false, max = 200 } = {}) {
  const value = body[key];
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || !value.trim()) throw new AdminError(400, `${key} must be a non-empty string.`);
  if (value.length > max) throw new AdminError(400, `${key} must be at most ${max} characters.`);
  return value.trim();
}

/** The admin fields of a product, checked: description is plain text (paragraphs split by blank lines). */
function productChange(body, { creating }) {
  onlyKnown(
    body,
    creating
      ? ['name', 'description', 'price', 'stock', 'visible', 'type']
      : ['name', 'description', 'price', 'stock', 'visible'],
  );
  const change = {};
  const name = text(body, 'name', { required: creating });
  if (name !== undefined) change.name = name;
  if (body.description !== undefined) {
    if (typeof body.description !== 'string' || body.description.length > 10_000)
      throw new AdminError(400, 'description must be a string of at most 10000 characters.');
    change.description = textToHtml(body.description);
  }
  if (body.price !== undefined) {
    const price = body.price;
    const valid =
      (typeof price === 'number' && Number.isFinite(price) && price >= 0 && price < 1e7) ||
      (typeof price === 'string' && /^\d{1,7}(\.\d{1,2})?$/.test(price));
    if (!valid) throw new AdminError(400, 'price must be a non-negative amount such as 24.99 or "24.99".');
    change.price = money(price);
  }
  if (body.stock !== undefined) {
    const stock = body.stock;
    if (stock !== 'unlimited' && !(Number.isInteger(stock) && stock >= 0 && stock <= 1_000_000))
      throw new AdminError(400, 'stock must be a whole number from 0, or "unlimited".');
    change.stock = stock;
  }
  if (body.visible !== undefined) {
    if (typeof body.visible !== 'boolean') throw new AdminError(400, 'visible must be true or false.');
    change.visible = body.visible;
  }
  if (body.type !== undefined) {
    if (body.type !== 'PHYSICAL' && body.type !== 'DIGITAL')
      throw new AdminError(400, 'type must be PHYSICAL or DIGITAL.');
    change.type = body.type;
  }
  return change;
}

/**
 * @param {{ store: ReturnType<import('./store.mjs').openStore>, faults: ReturnType<import('./faults.mjs').faultQueue>,
 *   limiter: ReturnType<import('./rate-limit.mjs').rateLimiter>, requests: Map<string, number>,
 *   publicUrl: string }} deps publicUrl is read on every request (known once listening)
 */
export function adminRoutes(deps) {
  const { store, faults, limiter, requests } = deps;

  const postObject = (siteId, post) => ({
    slug: post.slug,
    title: post.title,
    url: postUrl(deps.publicUrl, siteId, post),
    publishedOn: post.publishedOn,
    modifiedOn: post.modifiedOn,
  });

  function siteOf(siteId) {
    const site = store.site(siteId);
    if (!site) throw new AdminError(404, `No fixture site "${siteId}".`);
    return site;
  }

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {URL} url
   * @returns {Promise<{ status: number, body?: unknown }>}
   */
  async function handle(req, url) {
    const method = req.method ?? 'GET';
    const path = url.pathname.replace(/\/+$/, '');
    const route = `${method} ${path}`;
    if (route === 'GET /_provider/health') return { status: 200, body: { status: 'ok' } };
    if (route === 'POST /_provider/reset') {
      store.reset();
      faults.clear();
      limiter.reset();
      requests.clear();
      return { status: 200, body: { status: 'ok' } };
    }
    if (route === 'GET /_provider/requests') {
      let total = 0;
      for (const count of requests.values()) total += count;
      return { status: 200, body: { total, paths: Object.fromEntries(requests) } };
    }
    if (route === 'DELETE /_provider/requests') {
      requests.clear();
      return { status: 204 };
    }
    if (route === 'GET /_provider/faults') return { status: 200, body: { faults: faults.list() } };
    if (route === 'POST /_provider/faults') {
      const body = await readJson(req);
      onlyKnown(body, ['kind', 'count', 'path', 'after']);
      const problem = faults.add(body);
      if (problem) throw new AdminError(400, problem);
      return { status: 201, body: { faults: faults.list() } };
    }
    if (route === 'DELETE /_provider/faults') {
      faults.clear();
      return { status: 204 };
    }
    if (route === 'GET /_provider/sites') {
      const sites = store.siteIds().map((siteId) => {
        const site = /** @type {import('./fixtures.mjs').SiteRecord} */ (store.site(siteId));
        return {
          siteId,
          title: site.website.title,
          url: siteUrl(deps.publicUrl, siteId),
          keys: Object.entries(API_KEYS)
            .filter(([, grant]) => grant.siteId === siteId)
            .map(([key, grant]) => ({ key, scopes: grant.scopes })),
          products: site.products.length,
          posts: site.posts.length,
        };
      });
      return { status: 200, body: { sites } };
    }

    const item = /^\/_provider\/sites\/([^/]+)\/(products|posts)(?:\/([^/]+))?$/.exec(path);
    if (!item) throw new AdminError(404, `No admin route ${method} ${url.pathname}.`);
    const siteId = decode(item[1]);
    const site = siteOf(siteId);
    const id = item[3] === undefined ? undefined : decode(item[3]);
    if (item[2] === 'products') {
      if (method === 'POST' && id === undefined) {
        const change = productChange(await readJson(req), { creating: true });
        const created = store.addProduct(siteId, /** @type {any} */ (change));
        return { status: 201, body: productObject(deps.publicUrl, site, created) };
      }
      if (method === 'PATCH' && id !== undefined) {
        const updated = store.updateProduct(siteId, id, productChange(await readJson(req), { creating: false }));
        if (!updated) throw new AdminError(404, `No product "${id}" in ${siteId}.`);
        return { status: 200, body: productObject(deps.publicUrl, site, updated) };
      }
      if (method === 'DELETE' && id !== undefined) {
        if (!store.removeProduct(siteId, id)) throw new AdminError(404, `No product "${id}" in ${siteId}.`);
        return { status: 204 };
      }
    } else {
      if (method === 'POST' && id === undefined) {
        const body = await readJson(req);
        onlyKnown(body, ['title', 'body', 'author']);
        const title = /** @type {string} */ (text(body, 'title', { required: true }));
        const content = text(body, 'body', { required: true, max: 100_000 });
        const created = store.addPost(siteId, {
          title,
          body: /** @type {string} */ (content),
          author: text(body, 'author'),
        });
        return { status: 201, body: postObject(siteId, created) };
      }
      if (method === 'PATCH' && id !== undefined) {
        const body = await readJson(req);
        onlyKnown(body, ['title', 'body']);
        const change = { title: text(body, 'title'), body: text(body, 'body', { max: 100_000 }) };
        const updated = store.updatePost(siteId, id, change);
        if (!updated) throw new AdminError(404, `No post "${id}" in ${siteId}.`);
        return { status: 200, body: postObject(siteId, updated) };
      }
      if (method === 'DELETE' && id !== undefined) {
        if (!store.removePost(siteId, id)) throw new AdminError(404, `No post "${id}" in ${siteId}.`);
        return { status: 204 };
      }
    }
    throw new AdminError(405, `${method} is not supported on ${url.pathname}.`);
  }

  return { handle };
}
