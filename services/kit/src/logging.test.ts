import { Controller, DynamicModule, Get, Module, Param } from '@nestjs/common';
import { endpoint } from '@sniff/contracts';
import { Writable } from 'node:stream';
import { z } from 'zod';
import { callEndpoint, createServiceApp, REQUEST_ID_HEADER } from './index';
import { loggedUrl } from './logging';
import { asOwner, testConfig, TEST_INTERNAL_TOKEN } from './testing';
import { INTERNAL_TOKEN_HEADER } from './identity';

/** Collects a service's log lines (JSON). */
function logSink() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

let siblingUrl = '';
/** The sibling's route, as a registry entry (the second app plays the search service). */
const echoEnd = endpoint({
  service: 'search',
  method: 'GET',
  path: '/hop/:word/end',
  access: 'internal',
  summary: 'Echoes the word',
  response: z.object({ word: z.string() }),
});

@Controller('hop')
class HopController {
  /** Calls the sibling, as a service calls another's internal route. */
  @Get(':word')
  async hop(@Param('word') word: string) {
    return callEndpoint(echoEnd, { path: { word: `echo-${word}` } }, { urls: { SEARCH_URL: siblingUrl } });
  }

  @Get(':word/end')
  end(@Param('word') word: string) {
    return { word };
  }
}

@Module({})
class HopModule {
  static forRoot(): DynamicModule {
    return { module: HopModule, controllers: [HopController] };
  }
}

describe('structured logs with request ids', () => {
  const first = logSink();
  const second = logSink();
  const config = { ...testConfig('postgres://unused/none'), LOG_LEVEL: 'log' as const };
  const apps: Awaited<ReturnType<typeof createServiceApp>>[] = [];
  let url = '';

  beforeAll(async () => {
    const a = await createServiceApp(HopModule.forRoot(), config, 'first', first.stream);
    const b = await createServiceApp(HopModule.forRoot(), config, 'second', second.stream);
    apps.push(a, b);
    await a.listen(0, '127.0.0.1');
    await b.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(a.getHttpServer().address() as { port: number }).port}`;
    siblingUrl = `http://127.0.0.1:${(b.getHttpServer().address() as { port: number }).port}`;
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  const access = (lines: Record<string, unknown>[], id: string) =>
    lines.find((l) => (l.req as { id?: string } | undefined)?.id === id && l.res);

  it('follows one request through two services by the id it came with, and answers with that id', async () => {
    const res = await fetch(`${url}/hop/apple?q=secret%20text`, {
      headers: { ...asOwner('owner-1'), [REQUEST_ID_HEADER]: 'trace-123', authorization: 'Bearer abc.def.ghi' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ word: 'echo-apple' });
    expect(res.headers.get(REQUEST_ID_HEADER)).toBe('trace-123');

    const line = access(first.lines, 'trace-123')!;
    expect(line).toMatchObject({
      service: 'first',
      level: 30,
      msg: 'request completed',
      req: { id: 'trace-123', method: 'GET', url: '/hop/apple?q' },
      res: { statusCode: 200 },
    });
    expect(typeof line.responseTime).toBe('number');
    expect(access(second.lines, 'trace-123')).toMatchObject({ service: 'second', req: { url: '/hop/echo-apple/end' } });
    // Secrets and the visitor's text never reach the log.
    const all = JSON.stringify([...first.lines, ...second.lines]);
    expect(all).not.toContain('abc.def.ghi');
    expect(all).not.toContain('secret text');
    expect(all).not.toContain(TEST_INTERNAL_TOKEN);
    expect(all).not.toContain('owner-1@example.com');
  });

  it('gives a request without a usable id a new one', async () => {
    const res = await fetch(`${url}/hop/pear/end`, { headers: { [REQUEST_ID_HEADER]: 'not valid; has spaces' } });
    const id = res.headers.get(REQUEST_ID_HEADER)!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(access(first.lines, id)).toBeDefined();
  });

  it('logs a failure at error level, with its request id', async () => {
    siblingUrl = 'http://127.0.0.1:9';
    const res = await fetch(`${url}/hop/plum`, { headers: { [INTERNAL_TOKEN_HEADER]: TEST_INTERNAL_TOKEN } });
    expect(res.status).toBe(503);
    const id = res.headers.get(REQUEST_ID_HEADER)!;
    expect(access(first.lines, id)).toMatchObject({ level: 50, res: { statusCode: 503 } });
  });
});

describe('the URL an access line logs', () => {
  it('keeps the path and the names of the query parameters, never their values', () => {
    expect(loggedUrl('/v1/stores/s1/search?q=my%20secret+text&limit=8&session=abc')).toBe(
      '/v1/stores/s1/search?q&limit&session',
    );
    expect(loggedUrl('/callback?code=oauth-code&state=x=y')).toBe('/callback?code&state');
    expect(loggedUrl('/a?flag&&b=1&')).toBe('/a?flag&b');
    expect(loggedUrl('/a?=only-a-value')).toBe('/a?');
    expect(loggedUrl('/a?')).toBe('/a?');
    expect(loggedUrl('/plain/path')).toBe('/plain/path');
    expect(loggedUrl(undefined)).toBe('');
  });
});
