import { Body, Controller, DynamicModule, Get, HttpCode, Module, Param, Post, UseGuards } from '@nestjs/common';
import { request as httpRequest } from 'node:http';
import { z } from 'zod';
import {
  BodyLimit,
  CurrentOwner,
  RawBody,
  HealthModule,
  KB,
  listRoutes,
  MB,
  Owner,
  OwnerGuard,
  parseJsonBody,
  serviceDatabase,
  ValidBody,
  ValidQuery,
  ZodPipe,
} from './index';
import { asOwner, createTestDatabase, startTestService, testConfig, TestService, TEST_INTERNAL_TOKEN } from './testing';

const echoSchema = z.object({ name: z.string().min(1, 'name is required'), count: z.number().int().max(3) });

@Controller('echo')
@UseGuards(OwnerGuard)
class EchoController {
  @Post()
  echo(@CurrentOwner() owner: Owner, @ValidBody(echoSchema) body: z.infer<typeof echoSchema>) {
    return { owner, body };
  }
}

const lookupSchema = z.object({ q: z.string().optional() });
const beaconSchema = z.object({ query: z.string() });

/** Unguarded routes: a path parameter and query, and bodies with declared limits. */
@Controller('things')
class ThingsController {
  @Get(':id')
  get(@Param('id') id: string, @ValidQuery(lookupSchema) query: z.infer<typeof lookupSchema>) {
    return { id, query };
  }

  @Post('big')
  @HttpCode(200)
  @BodyLimit(2 * MB)
  big(@Body() body: { pad?: string }) {
    return { length: body?.pad?.length };
  }

  /** Like billing's Stripe webhook: the bytes as sent, for a signature over them. */
  @Post('raw')
  @HttpCode(200)
  @RawBody()
  @BodyLimit(1 * KB)
  raw(@Body() body: unknown) {
    return { isBuffer: Buffer.isBuffer(body), hex: Buffer.isBuffer(body) ? body.toString('hex') : null };
  }

  /** Like the search service's events route: JSON, or JSON sent as text by a beacon. */
  @Post('beacon')
  @HttpCode(200)
  @BodyLimit(1 * KB)
  beacon(
    @Body({ transform: (v: unknown) => (typeof v === 'string' ? parseJsonBody(v) : v) }, new ZodPipe(beaconSchema))
    body: z.infer<typeof beaconSchema>,
  ) {
    return { body };
  }
}

@Module({})
class EchoModule {
  static forRoot(config: ReturnType<typeof testConfig>): DynamicModule {
    return {
      module: EchoModule,
      imports: [serviceDatabase(config, { schema: 'kit_test', entities: [], migrations: [] }), HealthModule],
      controllers: [EchoController, ThingsController],
    };
  }
}

describe('a service built with the kit', () => {
  let db: { url: string; drop(): Promise<void> };
  let svc: TestService;

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = testConfig(db.url);
    svc = await startTestService(EchoModule.forRoot(config), config);
  });
  afterAll(async () => {
    await svc?.close();
    await db?.drop();
  });

  const post = (body: string, headers: Record<string, string>) =>
    fetch(`${svc.url}/echo`, { method: 'POST', body, headers });

  it('is live and ready when its database answers', async () => {
    const live = await fetch(`${svc.url}/healthz`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${svc.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ok', info: { database: { status: 'up' } } });
  });

  it('passes the verified owner to the route', async () => {
    const res = await post(JSON.stringify({ name: 'a', count: 1 }), asOwner('owner-1', 'o@example.com'));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      owner: { sub: 'owner-1', email: 'o@example.com' },
      body: { name: 'a', count: 1 },
    });
  });

  it('reads the identity percent-encoded, as the gateway sends it: a non-ASCII e-mail too', async () => {
    const res = await post(JSON.stringify({ name: 'a', count: 1 }), asOwner('auth0|ü 1', 'josé@example.com'));
    expect(res.status).toBe(201);
    expect((await res.json()).owner).toEqual({ sub: 'auth0|ü 1', email: 'josé@example.com' });
  });

  it.each([
    ['a broken escape in the e-mail', { 'x-sniff-user-email': 'jos%C3@example.com' }],
    ['a lone surrogate in the subject', { 'x-sniff-user-sub': '%ED%A0%80' }],
    ['an encoded CR/LF in the e-mail', { 'x-sniff-user-email': 'o%0D%0Ax%40example.com' }],
    ['an encoded NUL in the subject', { 'x-sniff-user-sub': 'owner%00' }],
  ])('refuses identity headers with %s (401)', async (_label, headers) => {
    const res = await post(JSON.stringify({ name: 'a', count: 1 }), { ...asOwner('owner-1'), ...headers });
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe('The identity headers are not validly encoded');
  });

  it('answers 400 naming the field for an invalid payload', async () => {
    const res = await post(JSON.stringify({ name: '', count: 1 }), asOwner('owner-1'));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'name: name is required',
      field: 'name',
    });
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await post('{"name":', asOwner('owner-1'));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Request body is not valid JSON',
    });
  });

  it('answers 413 naming the limit for a body over 1 MB, and 400 for one that is not JSON at all', async () => {
    const big = await post(JSON.stringify({ name: 'x'.repeat(MB), count: 1 }), asOwner('owner-1'));
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'Request body is larger than 1 MB, the limit of this route',
    });
    const text = await post('name=a', { ...asOwner('owner-1'), 'content-type': 'application/json' });
    expect(text.status).toBe(400);
    expect((await text.json()).message).toBe('Request body is not valid JSON');
  });

  it('reads text bodies (beacons) up to 16 KB and names the body types it does not read', async () => {
    const beacon = JSON.stringify({ name: 'a', count: 1 });
    const small = await post(beacon, { ...asOwner('owner-1'), 'content-type': 'text/plain;charset=UTF-8' });
    // Read as a string: the route's own pipe decides (this one wants an object).
    expect(small.status).toBe(400);
    const big = await post('x'.repeat(17 * 1024), { ...asOwner('owner-1'), 'content-type': 'text/plain' });
    expect(big.status).toBe(413);
    const form = await post('name=a', { ...asOwner('owner-1'), 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    expect((await form.json()).message).toBe('Send the request body as JSON (Content-Type: application/json)');
  });

  it('answers unknown routes with a 404 in the shared error format', async () => {
    const res = await fetch(`${svc.url}/nowhere`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Cannot GET /nowhere' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses identity headers that did not come through the gateway', async () => {
    const headers = { ...asOwner('owner-1'), 'x-sniff-internal-token': 'x'.repeat(TEST_INTERNAL_TOKEN.length) };
    const res = await post(JSON.stringify({ name: 'a', count: 1 }), headers);
    expect(res.status).toBe(403);
  });

  describe('text Postgres cannot store', () => {
    const unsafe = (field: string) => ({
      statusCode: 400,
      error: 'Bad Request',
      message: `${field} must not contain NUL characters or unpaired surrogates`,
      field,
    });
    const postJson = (path: string, body: string, headers: Record<string, string> = {}) =>
      fetch(`${svc.url}${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

    // A lone surrogate cannot reach a path parameter: its UTF-8 form (%ED%A0%80) is no valid encoding (below).
    it('answers 400 naming a path parameter with a NUL', async () => {
      for (const id of ['abc%00', '%00']) {
        const res = await fetch(`${svc.url}/things/${id}`);
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual(unsafe('id'));
      }
    });

    it('answers 400 naming the query field or key', async () => {
      const value = await fetch(`${svc.url}/things/a?q=x%00y`);
      expect(value.status).toBe(400);
      expect(await value.json()).toEqual(unsafe('q'));
      const key = await fetch(`${svc.url}/things/a?k%00=1`);
      expect(key.status).toBe(400);
      expect(await key.json()).toEqual(unsafe('k\\u0000'));
    });

    it('answers 400 naming the body field, nested, in values and keys, on guarded routes too', async () => {
      const cases: [string, string][] = [
        ['{"name":"a\\u0000","count":1}', 'name'],
        ['{"name":"\\ud800","count":1}', 'name'],
        ['{"name":"a","count":1,"tags":[{"ok":"fine"},{"x":["\\udc00"]}]}', 'tags.1.x.0'],
        ['{"name":"a","count":1,"meta":{"k\\u0000":1}}', 'meta.k\\u0000'],
        ['"\\u0000"', 'body'],
      ];
      for (const [body, field] of cases) {
        const res = await post(body, asOwner('owner-1'));
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual(unsafe(field));
      }
      // A surrogate pair is a character like any other.
      const emoji = await post(JSON.stringify({ name: '\uD83D\uDE00', count: 1 }), asOwner('owner-1'));
      expect(emoji.status).toBe(201);
    });

    it('applies the same rule to JSON a route parses from a text body (beacons)', async () => {
      const res = await postJson('/things/beacon', '{"query":"a\\u0000"}', { 'content-type': 'text/plain' });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(unsafe('query'));
      const raw = await postJson('/things/beacon', 'a\u0000', { 'content-type': 'text/plain' });
      expect(await raw.json()).toEqual(unsafe('body'));
      const fine = await postJson('/things/beacon', '{"query":"sofa"}', { 'content-type': 'text/plain' });
      expect(await fine.json()).toEqual({ body: { query: 'sofa' } });
    });

    it('answers 400 for a path that is not valid percent-encoded UTF-8', async () => {
      for (const id of ['%FF', '%ED%A0%80', '%C0%80', '%E0%A4', '%', '%zz']) {
        const res = await fetch(`${svc.url}/things/${id}`);
        expect(res.status).toBe(400);
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(await res.json()).toEqual({
          statusCode: 400,
          error: 'Bad Request',
          message: 'The request path is not valid percent-encoded UTF-8',
        });
      }
    });

    it('answers 414 for a path parameter longer than the router reads', async () => {
      const res = await fetch(`${svc.url}/things/${'x'.repeat(10 * KB)}`);
      expect(res.status).toBe(414);
      expect(await res.json()).toEqual({
        statusCode: 414,
        error: 'URI Too Long',
        message: 'A path segment is too long',
      });
    });

    it('walks a body nested a hundred thousand levels deep without overflowing', async () => {
      const deep = '['.repeat(100_000) + '"\\u0000"' + ']'.repeat(100_000);
      const res = await postJson('/things/big', `{"pad":${deep}}`);
      expect(res.status).toBe(400);
      expect((await res.json()).field).toBe(`pad${'.0'.repeat(19)}.…`);
    });
  });

  describe('body limits per route', () => {
    const send = (path: string, body: string, type = 'application/json') =>
      fetch(`${svc.url}${path}`, { method: 'POST', body, headers: { 'content-type': type } });

    it('lets a route declare a larger limit than the 1 MB default', async () => {
      const ok = await send('/things/big', JSON.stringify({ pad: 'x'.repeat(1.5 * MB) }));
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ length: 1.5 * MB });
      const over = await send('/things/big', JSON.stringify({ pad: 'x'.repeat(2 * MB) }));
      expect(over.status).toBe(413);
      expect((await over.json()).message).toBe('Request body is larger than 2 MB, the limit of this route');
    });

    it('lets a route declare a smaller one, for JSON and text bodies alike', async () => {
      const body = JSON.stringify({ query: 'x'.repeat(1100) });
      for (const type of ['application/json', 'text/plain;charset=UTF-8']) {
        const res = await send('/things/beacon', body, type);
        expect(res.status).toBe(413);
        expect(await res.json()).toEqual({
          statusCode: 413,
          error: 'Payload Too Large',
          message: 'Request body is larger than 1 KB, the limit of this route',
        });
        expect((await send('/things/beacon', JSON.stringify({ query: 'sofa' }), type)).status).toBe(200);
      }
    });

    const chunked = (chunks: string[]) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(`${svc.url}/things/beacon`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        });
        req.setTimeout(5_000, () => req.destroy(new Error('no answer in 5 s')));
        req.on('response', (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        });
        req.on('error', reject);
        for (const chunk of chunks) req.write(chunk);
        req.end();
      });

    it('stops reading a chunked body (no Content-Length) once it passes the limit, in one chunk or many', async () => {
      const big = JSON.stringify({ query: 'x'.repeat(2 * KB) });
      for (const chunks of [[big], big.match(/.{1,300}/g)!]) {
        const { status, body } = await chunked(chunks);
        expect(status).toBe(413);
        expect(JSON.parse(body)).toEqual({
          statusCode: 413,
          error: 'Payload Too Large',
          message: 'Request body is larger than 1 KB, the limit of this route',
        });
      }
      const small = await chunked(['{"query":', '"sofa"}']);
      expect(small).toEqual({ status: 200, body: JSON.stringify({ body: { query: 'sofa' } }) });
    });
  });

  it('hands a RawBody route the exact bytes sent, unparsed and unchecked, within its body limit', async () => {
    // Not what JSON.parse + stringify would give back: spacing, key order, an escaped NUL.
    const sent = Buffer.from('{ "b":1,  "a":"\\u0000 \u00e9" }', 'utf8');
    const res = await fetch(`${svc.url}/things/raw`, {
      method: 'POST',
      body: sent,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ isBuffer: true, hex: sent.toString('hex') });
    const over = await fetch(`${svc.url}/things/raw`, {
      method: 'POST',
      body: JSON.stringify({ pad: 'x'.repeat(2 * KB) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(over.status).toBe(413);
    // Every other route still gets parsed JSON, with the NUL rule applied.
    const echoed = await post(JSON.stringify({ name: 'a\u0000', count: 1 }), asOwner('o'));
    expect(echoed.status).toBe(400);
  });

  it('lists the routes it serves, with their declared limits and the schemas of their body and query', async () => {
    const routes = listRoutes(svc.app);
    const find = (method: string, url: string) => routes.find((r) => r.method === method && r.url === url);
    expect(find('GET', '/healthz')).toBeDefined();
    expect(find('POST', '/echo')).toMatchObject({ bodySchema: echoSchema });
    expect(find('GET', '/things/:id')).toMatchObject({ querySchema: lookupSchema });
    expect(find('POST', '/things/big')).toMatchObject({ bodyLimit: 2 * MB });
    expect(find('POST', '/things/beacon')).toMatchObject({ bodyLimit: KB, bodySchema: beaconSchema });
  });
});
