import type { ServedRoute } from '@sniff/service-kit';
import type { z } from 'zod';
import type { Rng } from './rng';
import { sampleOf, type SampleHints } from './samples';
import type { RawRequest } from './send';

/** One malformed request for one route, and what was malformed about it (printed on a 5xx). */
export interface FuzzRequest extends RawRequest {
  service: string;
  route: string;
  label: string;
}

export interface FuzzContext extends SampleHints {
  /** A plausible value for a path parameter, by its name (a real store id, the owner's sub...). */
  paramValue(name: string): string;
  /** Headers of a verified owner (internal token + identity), and of a sibling service. */
  ownerHeaders: Record<string, string>;
  internalHeaders: Record<string, string>;
  /** Every object schema of @sniff/contracts: bodies for a route whose body has no schema of its own. */
  bodyPool: z.core.$ZodType[];
}

const KB = 1024;
/** The kit's limits for routes that declare none (services/kit/src/body-limits.ts). */
const DEFAULT_JSON_LIMIT = 1024 * KB;
const DEFAULT_TEXT_LIMIT = 16 * KB;

/** A JSON token that JSON.stringify cannot write (1e309, a 2^53+1 integer): spliced in as is. */
class Raw {
  constructor(readonly token: string) {}
}

function deepObject(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** Path parameter values, already as they go on the wire. */
const PARAM_VALUES = [
  '%00',
  'a%00b',
  '%ED%A0%80', // a lone surrogate, UTF-8 encoded: not valid UTF-8
  '%ED%B0%80',
  '%FF',
  '%C0%AE%C0%AE', // overlong "..": not valid UTF-8
  '%',
  '%zz',
  'x'.repeat(10 * KB),
  'x'.repeat(101),
  '..',
  '.',
  '%2e%2e',
  'a%2Fb',
  '%2F',
  encodeURIComponent('café ☕ 𝄞'),
  encodeURIComponent('مرحبا'),
  '',
  '-1',
  '0',
  '3000000000',
  '1e309',
  'NaN',
  'null',
  '__proto__',
  'constructor',
  encodeURIComponent("' OR 1=1 --"),
  encodeURIComponent('<script>alert(1)</script>'),
  '%20',
  '%0d%0aX-Injected:%201',
];

/** Query values, as they go on the wire. */
const QUERY_VALUES = [
  '',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%FF',
  '%',
  'x'.repeat(10 * KB),
  '-1',
  '0',
  '3000000000',
  '-3000000000',
  '1e309',
  '1.5',
  'NaN',
  'Infinity',
  '0x10',
  'null',
  'true',
  encodeURIComponent('café ☕ 𝄞'),
  encodeURIComponent("' OR 1=1 --"),
  '%0d%0a',
];

/**
 * Values that take the place of one field of a plausible body, by group: text Postgres cannot
 * store, other odd text, numbers, shapes. A request takes its group in turn.
 */
const UNSAFE_TEXT = ['a\u0000b', '\u0000', '\uD800', 'x\uDC00', '\uDFFF\uD800'];
const BODY_VALUES: unknown[][] = [
  UNSAFE_TEXT,
  [
    '',
    ' ',
    'x'.repeat(100 * KB),
    'café ☕ 𝄞',
    '../../etc/passwd',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    'javascript:alert(1)',
    'http://127.0.0.1:1/',
    'http://[::1]/',
    '\u202e',
    'NaN',
    'Infinity',
    '-1',
    '3000000000',
  ],
  [
    0,
    -1,
    1.5,
    3000000000,
    -3000000000,
    Number.MAX_SAFE_INTEGER,
    new Raw('1e309'),
    new Raw('-1e309'),
    new Raw('9007199254740993'),
    new Raw('1e-400'),
    new Raw('-0'),
  ],
  [null, true, [], {}, deepObject(2000), Array.from({ length: 10_000 }, () => 'a'), { $ne: null }, [[[]]]],
];

const UNKNOWN_KEYS = ['__proto__', 'constructor', 'extra', 'a\u0000', '\uD800', 'x'.repeat(1000), ''];

/** Whole bodies that are no JSON, or JSON of a shape no route reads. */
const RAW_BODIES: (string | Buffer)[] = [
  '{',
  '{"a":',
  'nul',
  "{'a':1}",
  '{"a":1,}',
  '\u0000',
  '\uFEFF{}',
  'null',
  '[]',
  '[1,2,3]',
  '1',
  '-1',
  '3000000000',
  '1e309',
  '"text"',
  'true',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '['.repeat(100_000) + ']'.repeat(100_000),
  '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000),
  Buffer.concat([Buffer.from('{"query":"'), Buffer.from([0xff, 0xfe, 0xed, 0xa0, 0x80]), Buffer.from('"}')]),
  Buffer.from([0xc0, 0xaf, 0x00, 0xff]),
  'x'.repeat(100 * KB),
  'a=1&b=2',
];

const CONTENT_TYPES = [
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json;charset=latin1',
  'application/vnd.api+json',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'application/octet-stream',
  '',
  undefined,
];

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function serialize(value: unknown): string {
  const tokens: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Raw) {
      tokens.push(v.token);
      return `@@raw${tokens.length - 1}@@`;
    }
    return v;
  });
  return (text ?? 'null').replace(/"@@raw(\d+)@@"/g, (_m, i: string) => tokens[Number(i)]);
}

/** Paths to every value inside `value` (objects and arrays, not their insides past 6 levels). */
function pathsOf(value: unknown, path: (string | number)[] = [], out: (string | number)[][] = []) {
  if (path.length > 6 || value === null || typeof value !== 'object') return out;
  for (const [k, v] of Object.entries(value)) {
    const p = [...path, Array.isArray(value) ? Number(k) : k];
    out.push(p);
    pathsOf(v, p, out);
  }
  return out;
}

function valueAt(value: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], value);
}

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (!path.length) return replacement;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[path[0]] = replaceAt(copy[path[0]], path.slice(1), replacement);
  return copy;
}

function describe(value: unknown): string {
  if (value instanceof Raw) return value.token;
  const text = typeof value === 'string' ? JSON.stringify(value) : serialize(value);
  return text.length > 60 ? `${text.slice(0, 60)}… (${text.length} characters)` : text;
}

type Mutation = 'param' | 'query' | 'field' | 'unknown-field' | 'raw-body' | 'content-type' | 'identity' | 'method';

/**
 * `count` requests for `route`, each a plausible request (a real store id, the owner's e-mail, a
 * body sampled from the route's schema) with one part broken, in turn: a path parameter, a query
 * value, a body field, an unknown field, the whole body, the content type, the identity headers or
 * the method; plus, for every route that reads a body, a JSON and a text body just over its limit
 * and a chunked one (no Content-Length) well over it.
 */
export function requestsFor(service: string, route: ServedRoute, ctx: FuzzContext, rng: Rng, count: number) {
  const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const readsBody = BODY_METHODS.has(route.method);
  const mutations: Mutation[] = [
    ...(params.length ? (['param', 'param', 'param'] as const) : []),
    'query',
    ...(readsBody
      ? (['field', 'field', 'field', 'unknown-field', 'raw-body', 'raw-body', 'content-type'] as const)
      : []),
    'identity',
    'method',
  ];
  const name = `${route.method} ${route.url}`;
  const out: FuzzRequest[] = [];
  let fieldMutations = 0;

  const sampleBody = (): unknown => {
    const schema = route.bodySchema ?? (ctx.bodyPool.length ? rng.pick(ctx.bodyPool) : undefined);
    return (schema && sampleOf(schema, rng, ctx)) ?? {};
  };
  const sampleQuery = (): Record<string, string> => {
    const sample = route.querySchema ? sampleOf(route.querySchema, rng, ctx) : undefined;
    const query: Record<string, string> = {};
    for (const [k, v] of Object.entries((sample as object) ?? {})) query[k] = encodeURIComponent(String(v));
    return query;
  };
  const build = (
    label: string,
    o: {
      params?: Record<string, string>;
      query?: Record<string, string> | string;
      body?: string | Buffer;
      contentType?: string;
      headers?: Record<string, string>;
      method?: string;
    },
  ): FuzzRequest => {
    const path = route.url.replace(
      /:(\w+)/g,
      (_m, p: string) => o.params?.[p] ?? encodeURIComponent(ctx.paramValue(p)),
    );
    const query =
      typeof o.query === 'string'
        ? o.query
        : Object.entries(o.query ?? {})
            .map(([k, v]) => `${k}=${v}`)
            .join('&');
    const body = o.body === undefined ? undefined : Buffer.isBuffer(o.body) ? o.body : Buffer.from(o.body, 'utf8');
    const headers = { ...(o.headers ?? ctx.ownerHeaders) };
    if (body !== undefined && o.contentType !== undefined) headers['content-type'] = o.contentType;
    return {
      service,
      route: name,
      label,
      method: o.method ?? route.method,
      path: query ? `${path}?${query}` : path,
      headers,
      ...(body !== undefined ? { body } : {}),
    };
  };
  const json = 'application/json';

  for (let i = 0; i < count; i++) {
    const mutation = mutations[i % mutations.length];
    const base = { query: sampleQuery(), ...(readsBody ? { body: serialize(sampleBody()), contentType: json } : {}) };
    switch (mutation) {
      case 'param': {
        const param = rng.pick(params);
        const value = rng.pick(PARAM_VALUES);
        out.push(build(`path parameter ${param} = ${describe(value)}`, { ...base, params: { [param]: value } }));
        break;
      }
      case 'query': {
        const keys = [...Object.keys(base.query), 'q', 'limit', 'unknown', '__proto__', 'a%00', '%ED%A0%80'];
        const key = rng.pick(keys);
        const value = rng.pick(QUERY_VALUES);
        const form = rng.int(3);
        const query =
          form === 0
            ? { ...base.query, [key]: value }
            : form === 1
              ? `${new URLSearchParams(base.query).toString()}&${key}=${value}&${key}=${value}`
              : `${key}[a]=${value}`;
        out.push(
          build(`query ${key} = ${describe(value)} (${['value', 'repeated', 'bracketed'][form]})`, { ...base, query }),
        );
        break;
      }
      case 'field': {
        const sample = sampleBody();
        const group = fieldMutations++ % BODY_VALUES.length;
        const paths = pathsOf(sample);
        // Text goes where text is expected, numbers where numbers are (when the body has such a field).
        const expected = group < 2 ? 'string' : group === 2 ? 'number' : undefined;
        const typed = paths.filter((p) => typeof valueAt(sample, p) === expected);
        const candidates = typed.length ? typed : paths;
        const path = candidates.length ? rng.pick(candidates) : [];
        const value = rng.pick(BODY_VALUES[group]);
        const body = serialize(replaceAt(sample, path, value));
        out.push(
          build(`body ${path.join('.') || '(root)'} = ${describe(value)}`, { ...base, body, contentType: json }),
        );
        break;
      }
      case 'unknown-field': {
        const sample = sampleBody();
        const key = rng.pick(UNKNOWN_KEYS);
        const value = rng.pick(rng.pick(BODY_VALUES));
        const body =
          sample && typeof sample === 'object' && !Array.isArray(sample)
            ? serialize({ ...sample, [key]: value })
            : serialize({ [key]: value });
        out.push(
          build(`unknown body field ${describe(key)} = ${describe(value)}`, { ...base, body, contentType: json }),
        );
        break;
      }
      case 'raw-body': {
        const body = rng.pick(RAW_BODIES);
        const contentType = rng.chance(0.7) ? json : 'text/plain';
        out.push(build(`${contentType} body ${describe(body.toString())}`, { ...base, body, contentType }));
        break;
      }
      case 'content-type': {
        const contentType = rng.pick(CONTENT_TYPES);
        out.push(build(`content type ${describe(contentType ?? '(none)')}`, { ...base, contentType }));
        break;
      }
      case 'identity': {
        const variants: [string, Record<string, string>][] = [
          ['no identity headers', {}],
          ['internal token only', ctx.internalHeaders],
          ['a wrong internal token', { ...ctx.ownerHeaders, 'x-sniff-internal-token': 'x'.repeat(48) }],
          ['an empty owner sub', { ...ctx.ownerHeaders, 'x-sniff-user-sub': '' }],
          ['a 4 KB owner sub', { ...ctx.ownerHeaders, 'x-sniff-user-sub': 'x'.repeat(4 * KB) }],
          ['a Latin-1 owner sub', { ...ctx.ownerHeaders, 'x-sniff-user-sub': 'ünïcödé' }],
          ['an owner sub "%00"', { ...ctx.ownerHeaders, 'x-sniff-user-sub': '%00' }],
          ['an empty owner e-mail', { ...ctx.ownerHeaders, 'x-sniff-user-email': '' }],
        ];
        const [label, headers] = rng.pick(variants);
        const withType = readsBody ? { ...headers, 'content-type': json } : headers;
        out.push(build(label, { ...base, headers: withType }));
        break;
      }
      case 'method': {
        const method = rng.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].filter((m) => m !== route.method));
        out.push(build(`method ${method}`, { ...base, method, body: '{}', contentType: json }));
        break;
      }
    }
  }

  if (readsBody) {
    const jsonLimit = route.bodyLimit ?? DEFAULT_JSON_LIMIT;
    const textLimit = route.bodyLimit ?? DEFAULT_TEXT_LIMIT;
    const padded = (limit: number) => `{"pad":"${'x'.repeat(limit + KB)}"}`;
    out.push(build(`JSON body over the ${jsonLimit / KB} KB limit`, { body: padded(jsonLimit), contentType: json }));
    out.push(
      build(`text body over the ${textLimit / KB} KB limit`, { body: padded(textLimit), contentType: 'text/plain' }),
    );
    // No Content-Length: the service finds out while reading.
    const over = jsonLimit + Math.min(jsonLimit, 1024 * KB);
    out.push({
      ...build(`chunked JSON body of ${over / KB} KB, over the limit`, { body: padded(over), contentType: json }),
      chunked: true,
    });
  }
  return out;
}
