import type { ServedRoute } from '@sniff/service-kit';
import type { FuzzRequest } from './requests';
import type { Rng } from './rng';
import { sampleOf, type SampleHints } from './samples';

/** Who uploads: an owner whose plan takes the upload, so forms get past the plan check to the file. */
export interface Uploader extends SampleHints {
  headers: Record<string, string>;
}

/** A multipart request is answered in full within this, or it counts as a hang (the gateway's is 30 s). */
export const MULTIPART_DEADLINE_MS = 3_000;

const KB = 1024;
const B = 'fuzz-boundary-7MA4YWxkTrZu0gW';

/**
 * A catalogue the parser reads to its end and imports nothing from (every price is wrong): a form
 * that gets that far is answered 400, so no upload creates a store and every one reaches the file.
 */
const FILE = `name,price\n${'Camp mug,not a price\n'.repeat(1_500)}`;
/** A catalogue that would create a store: sent only with forms that must be refused before that. */
const GOOD_FILE = 'name,price\nCamp mug,12\n';

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  /** Header lines of the part besides Content-Disposition (each ending in CRLF). */
  headers?: string;
}

function encodePart(p: Part, boundary = B): Buffer {
  const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
  const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.headers ?? ''}\r\n`;
  return Buffer.concat([Buffer.from(head, 'utf8'), Buffer.from(p.value), Buffer.from('\r\n')]);
}

function encodeForm(parts: Part[], boundary = B): Buffer {
  return Buffer.concat([...parts.map((p) => encodePart(p, boundary)), Buffer.from(`--${boundary}--\r\n`)]);
}

/** Text in UTF-16LE bytes, as a part that names that charset carries it (busboy decodes it so). */
const utf16 = (text: string) => Buffer.from(text, 'utf16le');

/**
 * Multipart requests to a route the registry declares as an upload (`bodyType: 'multipart'`): a
 * plausible form (its registry fields sampled, then the file) broken in one way each: text Postgres
 * cannot store in a field, its name or charset; fields too long, too many, repeated, after the file;
 * files too many or too large; the body cut off at several places; no boundary, another boundary, a
 * wrong content type; malformed part headers; a chunked body.
 */
export function multipartRequestsFor(service: string, route: ServedRoute, uploader: Uploader, rng: Rng): FuzzRequest[] {
  const entry = route.endpoint;
  if (entry?.bodyType !== 'multipart' || !entry.file || !entry.body) return [];
  const sample = (sampleOf(entry.body, rng, uploader) ?? {}) as Record<string, unknown>;
  const fields: Part[] = Object.entries(sample).map(([name, v]) => ({ name, value: String(v) }));
  const file: Part = {
    name: entry.file,
    value: FILE,
    filename: 'catalogue.csv',
    headers: 'Content-Type: text/csv\r\n',
  };
  const names = fields.map((f) => f.name);
  const whole = encodeForm([...fields, file]);
  const multipart = `multipart/form-data; boundary=${B}`;

  const out: FuzzRequest[] = [];
  const add = (label: string, body: Buffer, o: { contentType?: string | null; chunked?: boolean } = {}) => {
    const headers = { ...uploader.headers };
    delete headers['content-type'];
    if (o.contentType !== null) headers['content-type'] = o.contentType ?? multipart;
    out.push({
      service,
      route: `${route.method} ${route.url}`,
      label: `multipart ${label}`,
      method: route.method,
      path: route.url,
      headers,
      body,
      ...(o.chunked ? { chunked: true } : {}),
      deadlineMs: MULTIPART_DEADLINE_MS,
    });
  };
  const form = (label: string, parts: Part[]) => add(label, encodeForm(parts));

  const withField = (name: string, change: Partial<Part>) =>
    fields.map((f) => (f.name === name ? { ...f, ...change } : f));
  /** The form with one field (picked at random) changed. */
  const oneField = (label: string, change: Partial<Part>) => {
    const name = rng.pick(names);
    form(`field ${name}: ${label}`, [...withField(name, change), file]);
  };

  // Text Postgres cannot store, in every field and in a field's name, with a file that would create a
  // store: the form must be refused before that.
  const good = { ...file, value: GOOD_FILE };
  for (const name of names) {
    form(`field ${name}: "a\\u0000b"`, [...withField(name, { value: 'a\u0000b' }), good]);
    const surrogate = { value: utf16('x\uD800'), headers: 'Content-Type: text/plain; charset=utf-16le\r\n' };
    form(`field ${name}: UTF-16LE "x\\uD800"`, [...withField(name, surrogate), good]);
  }
  form('field name with a NUL', [...fields, { name: 'a\u0000b', value: 'x' }, good]);
  form('an unknown field: UTF-16LE "\\uDC00"', [
    ...fields,
    { name: 'x', value: utf16('\uDC00'), headers: 'Content-Type: text/plain; charset=utf-16le\r\n' },
    good,
  ]);

  // Other odd text: lone surrogates written as UTF-8 (replaced), invalid UTF-8, charsets, encodings.
  for (const value of ['\u0000', 'x\uD800', '\uDC00y', '\uDFFF\uD800']) oneField(JSON.stringify(value), { value });
  oneField('invalid UTF-8 (a surrogate encoded)', { value: Buffer.from([0xed, 0xa0, 0x80]) });
  oneField('invalid UTF-8 (0xFF, overlong)', { value: Buffer.from([0xff, 0xc0, 0xaf]) });
  oneField('UTF-16LE "ok"', { value: utf16('ok'), headers: 'Content-Type: text/plain; charset=utf-16le\r\n' });
  oneField('an unknown charset', { headers: 'Content-Type: text/plain; charset=x-no-such\r\n' });
  oneField('base64 transfer encoding', { headers: 'Content-Transfer-Encoding: base64\r\n', value: 'AA==' });
  oneField('JSON, cut off', { headers: 'Content-Type: application/json\r\n', value: '{"a":' });
  form('field name with a lone surrogate', [...fields, { name: '\uD800', value: 'x' }, file]);
  form('field named __proto__', [...fields, { name: '__proto__', value: '{"polluted":true}' }, file]);
  form('field named constructor', [...fields, { name: 'constructor', value: 'x' }, file]);
  form('file name with a NUL', [...fields, { ...file, filename: 'cat\u0000.csv' }]);
  form('file name of 10 KB', [...fields, { ...file, filename: `${'x'.repeat(10 * KB)}.csv` }]);

  // Sizes and counts.
  for (const size of [4 * KB, 4 * KB + 1, 100 * KB, 1024 * KB]) oneField(`${size} bytes`, { value: 'x'.repeat(size) });
  for (const n of [11, 100, 2_000])
    form(`${n} extra fields`, [
      ...fields,
      ...Array.from({ length: n }, (_, i) => ({ name: `extra${i}`, value: 'x' })),
      file,
    ]);
  form('every field twice', [...fields, ...fields, file]);
  form('two files', [...fields, file, file]);
  form('a file under another name, then the file', [...fields, { ...file, name: 'other' }, file]);
  form('a file under another name only', [...fields, { ...file, name: 'other' }]);
  form('no file', fields);
  form('no fields', [file]);
  form('an empty file', [...fields, { ...file, value: '' }]);
  form('a file of NULs', [...fields, { ...file, value: Buffer.alloc(64 * KB) }]);
  form('a file with no name', [...fields, { ...file, filename: '' }]);

  // Order.
  form('fields after the file', [file, ...fields]);
  form(`${names[names.length - 1]} after the file`, [...fields.slice(0, -1), file, ...fields.slice(-1)]);
  form('an unknown field after the file', [...fields, file, { name: 'extra', value: 'x' }]);

  // Cut off: in a part's headers, in a field, in the file, at the closing boundary.
  const cuts = [20, whole.indexOf(Buffer.from('\r\n\r\n')) - 2, whole.length / 3, whole.length - 40, whole.length - 8];
  for (const at of [...cuts, rng.int(whole.length)].map(Math.floor))
    add(`cut off at byte ${at} of ${whole.length}`, whole.subarray(0, at));
  add('no closing boundary', Buffer.concat([...[...fields, file].map((p) => encodePart(p))]));
  add('an empty body', Buffer.alloc(0));
  add('a body of junk', Buffer.from('not a form at all'));
  add('lines ending in LF only', Buffer.from(whole.toString('latin1').replace(/\r\n/g, '\n'), 'latin1'));
  add('a part header of 100 KB', encodeForm([{ ...fields[0], headers: `X-Pad: ${'x'.repeat(100 * KB)}\r\n` }, file]));
  add('a part with no Content-Disposition', Buffer.from(`--${B}\r\nX-Other: 1\r\n\r\nx\r\n--${B}--\r\n`));
  add(
    'a malformed part header',
    Buffer.from(`--${B}\r\nContent-Disposition form-data name=x\r\n\r\nx\r\n--${B}--\r\n`),
  );
  add('a chunked body', whole, { chunked: true });
  add(
    'a chunked body of 12 MB (over the limit)',
    encodeForm([...fields, { ...file, value: 'x'.repeat(12 * 1024 * KB) }]),
    {
      chunked: true,
    },
  );

  // Boundaries and content types.
  add('no boundary', whole, { contentType: 'multipart/form-data' });
  add('an empty boundary', whole, { contentType: 'multipart/form-data; boundary=' });
  add('another boundary than the body', whole, { contentType: 'multipart/form-data; boundary=other' });
  add('a quoted boundary', whole, { contentType: `multipart/form-data; boundary="${B}"` });
  add('a boundary of 200 characters', encodeForm([...fields, file], 'b'.repeat(200)), {
    contentType: `multipart/form-data; boundary=${'b'.repeat(200)}`,
  });
  add('upper-case content type', whole, { contentType: `MULTIPART/FORM-DATA; BOUNDARY=${B}` });
  for (const contentType of [
    `multipart/mixed; boundary=${B}`,
    `multipart/form-data-x; boundary=${B}`,
    'application/x-www-form-urlencoded',
    'application/json',
    'text/plain',
    'application/octet-stream',
    null,
  ])
    add(`content type ${contentType ?? '(none)'}`, whole, { contentType });
  return out;
}
