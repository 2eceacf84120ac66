// Shopify's search syntax for the `query` argument of products: `status:active`,
// `updated_at:>'2025-06-01T00:00:00Z'`, `title:trail*`, `tag:winter`, free words, joined by spaces or AND,
// OR, NOT / -term and parentheses. A filter Shopify would not understand is ignored and reported as a
// search warning (extensions.search), which is what Shopify does rather than failing the query.

/** @typedef {import('./fixtures.mjs').Product} Product */
/** @typedef {{ field: string, message: string, code: string }} SearchWarning */

/** Splits the query into words, keeping quoted parts (even after a colon) inside their word. */
function tokenize(query) {
  const tokens = [];
  let i = 0;
  while (i < query.length) {
    const c = query[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '(' || c === ')') {
      tokens.push({ kind: c });
      i++;
      continue;
    }
    let raw = '';
    let quoted = false;
    while (i < query.length && !/[\s()]/.test(query[i])) {
      const q = query[i];
      if (q === '"' || q === "'") {
        const end = query.indexOf(q, i + 1);
        const stop = end === -1 ? query.length : end;
        raw += query.slice(i + 1, stop);
        quoted = true;
        i = stop + 1;
        continue;
      }
      if (q === '\\' && i + 1 < query.length) {
        raw += query[i + 1];
        i += 2;
        continue;
      }
      raw += q;
      i++;
    }
    if (!quoted && (raw === 'AND' || raw === 'OR' || raw === 'NOT')) tokens.push({ kind: raw });
    else tokens.push({ kind: 'word', raw, quoted });
  }
  return tokens;
}

const words = (text) =>
  String(text ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** `value` as a phrase of whole words in `text`; a trailing * makes the last word a prefix. */
function phraseMatch(text, value) {
  const wanted = words(value);
  if (!wanted.length) return true;
  const prefix = value.trim().endsWith('*');
  const have = words(text);
  for (let start = 0; start + wanted.length <= have.length; start++) {
    const ok = wanted.every((w, k) =>
      prefix && k === wanted.length - 1 ? have[start + k].startsWith(w) : have[start + k] === w,
    );
    if (ok) return true;
  }
  return false;
}

/** An ISO date (midnight UTC) or date-time, as milliseconds; NaN when it is neither. */
function timestamp(value) {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return Date.parse(`${value}T00:00:00Z`);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(value))
    return Date.parse(/(Z|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value}Z`);
  return NaN;
}

const compare = (left, comparator, right) =>
  comparator === '>'
    ? left > right
    : comparator === '>='
      ? left >= right
      : comparator === '<'
        ? left < right
        : comparator === '<='
          ? left <= right
          : left === right;

/**
 * One `field:value` (or free word) as a test of a product; unknown fields and bad values give a
 * warning and match everything.
 * @param {{ raw: string }} token @param {SearchWarning[]} warnings
 * @returns {(product: Product) => boolean}
 */
function termTest({ raw }, warnings) {
  const colon = raw.indexOf(':');
  if (colon <= 0) {
    const value = raw;
    return (p) =>
      [p.title, p.vendor, p.productType, p.tags.join(' '), p.handle.replace(/-/g, ' ')].some((text) =>
        phraseMatch(text, `${value}*`),
      );
  }
  const field = raw.slice(0, colon).toLowerCase();
  let value = raw.slice(colon + 1);
  const comparator = /^(>=|<=|>|<)/.exec(value)?.[1] ?? ':';
  if (comparator !== ':') value = value.slice(comparator.length);
  const warn = (message, code) => {
    warnings.push({ field, message, code });
    return () => true;
  };
  switch (field) {
    case 'status': {
      const wanted = value.split(',').map((s) => s.trim().toUpperCase());
      const bad = wanted.find((s) => !['ACTIVE', 'DRAFT', 'ARCHIVED'].includes(s));
      if (bad !== undefined) return warn(`Input \`${bad.toLowerCase()}\` is not an accepted value.`, 'invalid_value');
      return (p) => wanted.includes(p.status);
    }
    case 'updated_at':
    case 'created_at': {
      const at = timestamp(value);
      if (Number.isNaN(at)) return warn(`Invalid timestamp for query filter \`${field}\`.`, 'invalid_value');
      const key = field === 'updated_at' ? 'updatedAt' : 'createdAt';
      if (comparator === ':' && /^\d{4}-\d{2}-\d{2}$/.test(value))
        return (p) => Date.parse(p[key]) >= at && Date.parse(p[key]) < at + 86_400_000;
      return (p) => compare(Date.parse(p[key]), comparator, at);
    }
    case 'id': {
      if (!/^\d+$/.test(value)) return warn(`Input \`${value}\` is not an accepted value.`, 'invalid_value');
      return (p) => compare(p.id, comparator, Number(value));
    }
    case 'inventory_total': {
      if (!/^-?\d+$/.test(value)) return warn(`Input \`${value}\` is not an accepted value.`, 'invalid_value');
      return (p) => compare(p.inventory, comparator, Number(value));
    }
    case 'title':
      return (p) => phraseMatch(p.title, value);
    case 'handle':
      return (p) => (value.endsWith('*') ? p.handle.startsWith(value.slice(0, -1)) : p.handle === value);
    case 'vendor':
      return (p) => phraseMatch(p.vendor, value);
    case 'product_type':
      return (p) => phraseMatch(p.productType, value);
    case 'tag':
      return (p) => p.tags.some((t) => t.toLowerCase() === value.toLowerCase());
    case 'tag_not':
      return (p) => !p.tags.some((t) => t.toLowerCase() === value.toLowerCase());
    default:
      return warn('Invalid search field for this query.', 'invalid_field');
  }
}

/**
 * @param {string | null | undefined} query
 * @returns {{ test: (product: Product) => boolean, warnings: SearchWarning[] }}
 */
export function parseSearchQuery(query) {
  /** @type {SearchWarning[]} */
  const warnings = [];
  const tokens = tokenize(String(query ?? ''));
  let at = 0;
  /** @param {Product} _product */
  const all = (_product) => true;

  // or := and (OR and)* ; and := unary ((AND)? unary)* ; unary := (NOT | -) unary | '(' or ')' | term
  function or() {
    const parts = [and()];
    while (tokens[at]?.kind === 'OR') {
      at++;
      parts.push(and());
    }
    return parts.length === 1 ? parts[0] : (p) => parts.some((t) => t(p));
  }
  function and() {
    const parts = [];
    while (at < tokens.length && tokens[at].kind !== 'OR' && tokens[at].kind !== ')') {
      if (tokens[at].kind === 'AND') {
        at++;
        continue;
      }
      parts.push(unary());
    }
    return parts.length ? (p) => parts.every((t) => t(p)) : all;
  }
  function unary() {
    const token = tokens[at++];
    if (token.kind === 'NOT') {
      if (at >= tokens.length) return all;
      const inner = unary();
      return (p) => !inner(p);
    }
    if (token.kind === '(') {
      const inner = or();
      if (tokens[at]?.kind === ')') at++;
      return inner;
    }
    if (token.kind === 'word' && token.raw.startsWith('-') && token.raw.length > 1 && !token.quoted) {
      const inner = termTest({ raw: token.raw.slice(1) }, warnings);
      return (p) => !inner(p);
    }
    if (token.kind !== 'word') return all;
    return termTest({ raw: String(token.raw) }, warnings);
  }

  let test = all;
  while (at < tokens.length) {
    const next = or();
    const previous = test;
    test = previous === all ? next : (p) => previous(p) && next(p);
    if (tokens[at]?.kind === ')') at++; // an unmatched ) is skipped, as Shopify's lenient parser does
  }
  return { test, warnings };
}
