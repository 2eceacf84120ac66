import {
  Controller,
  DynamicModule,
  ForbiddenException,
  Header,
  Module,
  NotFoundException,
  Param,
  Req,
} from '@nestjs/common';
import { searchEndpoints } from '@sniff/contracts';
import type { FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
import {
  createServiceApp,
  currentRequestId,
  Endpoint,
  FAST_ROUTES,
  type FastRoute,
  type QueryOf,
  REQUEST_ID_HEADER,
  ValidQuery,
} from './index';
import { testConfig } from './testing';

/** The widget's search entry, served by a stand-in handler: a path id, a validated query, a Cache-Control on success. */
const lookup = searchEndpoints.search;
type Query = QueryOf<typeof lookup>;

/** The handler both paths call: errors as a real service throws them. */
async function find(id: string, query: Query, req: IncomingMessage) {
  if (id === 'slow') await new Promise((resolve) => setTimeout(resolve, 400));
  if (id === 'missing') throw new NotFoundException('Store not found');
  if (req.headers.origin === 'https://elsewhere.example') throw new ForbiddenException('Not among the allowed sites');
  if (id === 'broken' || id === 'thrown') throw new Error('a bug with a secret in it');
  return { id, q: query.q, limit: query.limit, origin: req.headers.origin };
}

let fastCalls = 0;
/** The request id the fast route's handler saw as the current one (what its calls to sibling services carry). */
let handlerRequestId: string | undefined;
@Controller()
class FindController {
  @Endpoint(lookup)
  @Header('cache-control', 'public, max-age=2')
  find(@Param('id') id: string, @ValidQuery(lookup.query) query: Query, @Req() req: FastifyRequest) {
    return find(id, query, req.raw);
  }
}
const fastRoute: FastRoute<typeof lookup> = {
  entry: lookup,
  headers: { 'cache-control': 'public, max-age=2' },
  handle: (params, query, req) => {
    fastCalls++;
    handlerRequestId = currentRequestId();
    // A handler that fails before it returns its promise; the Nest route answers this id with a 500.
    if (params.id === 'thrown') throw new Error('a bug before the first await');
    return find(params.id, query, req);
  },
};

@Module({})
class FindModule {
  static forRoot(fast: boolean): DynamicModule {
    return {
      module: FindModule,
      controllers: [FindController],
      providers: fast ? [{ provide: FAST_ROUTES, useValue: [fastRoute] }] : [],
    };
  }
}

function logSink() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describe('fast routes: answered before Fastify, exactly as the Nest route answers', () => {
  const config = { ...testConfig('postgres://unused/none'), LOG_LEVEL: 'log' as const };
  const log = logSink();
  const apps: Awaited<ReturnType<typeof createServiceApp>>[] = [];
  let fast = '';
  let nest = '';

  beforeAll(async () => {
    const a = await createServiceApp(FindModule.forRoot(true), config, 'fast', log.stream);
    const b = await createServiceApp(FindModule.forRoot(false), config, 'nest', logSink().stream);
    apps.push(a, b);
    for (const app of apps) await app.listen(0, '127.0.0.1');
    const url = (app: (typeof apps)[number]) =>
      `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
    [fast, nest] = [url(a), url(b)];
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  const seen = async (base: string, path: string, init?: RequestInit) => {
    const res = await fetch(base + path, { ...init, headers: { [REQUEST_ID_HEADER]: 'same-id', ...init?.headers } });
    const headers = Object.fromEntries(
      ['content-type', 'content-length', 'cache-control', 'retry-after', REQUEST_ID_HEADER].map((h) => [
        h,
        res.headers.get(h),
      ]),
    );
    return { status: res.status, headers, body: await res.text() };
  };

  it.each([
    ['a search', '/v1/stores/t1/search?q=sofa&limit=2', true],
    ['the defaults', '/v1/stores/t1/search', true],
    ['an empty query string', '/v1/stores/t1/search?', true],
    ['encoded text', '/v1/stores/t_-9/search?q=%C3%A9t%C3%A9+x', true],
    ['an unknown id (404)', '/v1/stores/missing/search?q=a', true],
    ['a failure of our own (500, nothing of it shown)', '/v1/stores/broken/search?q=a', true],
    ['a handler that throws before it awaits (500)', '/v1/stores/thrown/search?q=a', true],
    ['a bad limit (400, from Nest)', '/v1/stores/t1/search?q=a&limit=99', false],
    ['a repeated parameter (400)', '/v1/stores/t1/search?q=a&q=b', false],
    ['text Postgres cannot keep (400)', '/v1/stores/t1/search?q=a%00b', false],
    ['a trailing slash', '/v1/stores/t1/search/?q=a', false],
    ['a percent-encoded id', '/v1/stores/t%31/search?q=a', false],
    ['a path parameter after ;', '/v1/stores/t1/search;x?q=a', false],
  ])('%s', async (_what, path, taken) => {
    const before = fastCalls;
    const a = await seen(fast, path);
    expect(fastCalls - before).toBe(taken ? 1 : 0);
    expect(a).toEqual(await seen(nest, path));
  });

  it('refuses a page outside the allowed sites as the Nest route does (403)', async () => {
    const init = { headers: { origin: 'https://elsewhere.example' } };
    const a = await seen(fast, '/v1/stores/t1/search?q=a', init);
    expect(a.status).toBe(403);
    expect(a).toEqual(await seen(nest, '/v1/stores/t1/search?q=a', init));
  });

  it('leaves HEAD to Fastify', async () => {
    const before = fastCalls;
    expect(await seen(fast, '/v1/stores/t1/search?q=a', { method: 'HEAD' })).toEqual(
      await seen(nest, '/v1/stores/t1/search?q=a', { method: 'HEAD' }),
    );
    expect(fastCalls).toBe(before);
  });

  it('logs one access line with the request id, without the visitor text, and counts it under the route', async () => {
    await seen(fast, '/v1/stores/t7/search?q=lavender');
    const line = log.lines.find((l) => (l.req as { url?: string } | undefined)?.url === '/v1/stores/t7/search?q');
    expect(line).toMatchObject({
      msg: 'request completed',
      req: { id: 'same-id', method: 'GET' },
      res: { statusCode: 200 },
    });
    expect(JSON.stringify(log.lines)).not.toContain('lavender');
    const metrics = await (await fetch(`${fast}/metrics`)).text();
    expect(metrics).toMatch(/route="\/v1\/stores\/:id\/search",status="200"\} [1-9]/);
  });

  it("ties the handler's own log lines and its calls to other services to the request's id", async () => {
    await fetch(`${fast}/v1/stores/broken/search?q=a`, { headers: { [REQUEST_ID_HEADER]: 'broken-id' } });
    expect(handlerRequestId).toBe('broken-id');
    // the error's stack, logged by the error filter while the request is answered
    const stack = log.lines
      .filter((l) => typeof l.msg === 'string' && l.msg.includes('a bug with a secret in it'))
      .at(-1);
    expect(stack).toMatchObject({ level: 50, reqId: 'broken-id' });
  });

  it('logs a request whose visitor left before the answer as aborted, and counts it as 499', async () => {
    await expect(
      fetch(`${fast}/v1/stores/slow/search?q=a`, {
        headers: { [REQUEST_ID_HEADER]: 'gone-id' },
        signal: AbortSignal.timeout(50),
      }),
    ).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(log.lines.find((l) => (l.req as { id?: string } | undefined)?.id === 'gone-id')).toMatchObject({
      msg: 'request aborted',
      req: { url: '/v1/stores/slow/search?q' },
    });
    const metrics = await (await fetch(`${fast}/metrics`)).text();
    expect(metrics).toMatch(/route="\/v1\/stores\/:id\/search",status="499"\} 1/);
  });
});
