import { Controller, DynamicModule, Module, Post, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { CurrentOwner, HealthModule, Owner, OwnerGuard, serviceDatabase, ValidBody } from './index';
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

@Module({})
class EchoModule {
  static forRoot(config: ReturnType<typeof testConfig>): DynamicModule {
    return {
      module: EchoModule,
      imports: [serviceDatabase(config, { schema: 'kit_test', entities: [], migrations: [] }), HealthModule],
      controllers: [EchoController],
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

  it('reports healthy when its database answers', async () => {
    const res = await fetch(`${svc.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
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

  it('answers 413 for a body over 20 MB, and 400 for one that is not JSON at all', async () => {
    const big = await post(JSON.stringify({ name: 'x'.repeat(21 * 1024 * 1024), count: 1 }), asOwner('owner-1'));
    expect(big.status).toBe(413);
    expect((await big.json()).error).toBe('Payload Too Large');
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
});
