/**
 * Fuzz suite: malformed requests to every route the services serve, directly and through the
 * gateway; any 5xx (or no answer) fails it and is printed with the request that caused it.
 *
 * Why here (services/fuzz/): it starts all four services and the gateway, so it belongs to none of
 * them, and the service kit, which every service imports, must not import the services. It is not
 * a workspace (it ships nothing): jest finds it under services/, eslint lints the whole repository,
 * and infra/bin/typecheck.js type-checks it with its own tsconfig.json.
 *
 * The routes come from the services themselves (the kit's listRoutes: what Fastify registered,
 * with each route's body limit, the registry entry it is declared with and the zod schemas its body
 * and query are validated with), never from a list kept here, so a new route is fuzzed the day it is
 * added; the second test holds them to the endpoint registry. Upload routes (`bodyType: 'multipart'`
 * in the registry) also get broken forms (services/fuzz/multipart.ts), each answered in full within
 * 3 s, and none creates anything. Requests are seeded
 * (FUZZ_SEED, 11 by default): every run sends the same ones, so a failure found once is found again.
 * About 1,150 requests in 5 s.
 */
import * as contracts from '@sniff/contracts';
import { writeFileSync } from 'node:fs';
import { z } from 'zod';
import { registryMismatches } from '@sniff/service-kit';
import { asInternal, asOwner } from '@sniff/service-kit/testing';
import { contractObjectSchemas } from './samples';
import { multipartRequestsFor, type Uploader } from './multipart';
import { requestsFor, type FuzzContext, type FuzzRequest } from './requests';
import { Rng } from './rng';
import { closeSockets, send, type RawAnswer } from './send';
import {
  OWNER,
  OWNER_EMAIL,
  SERVICES,
  startStack,
  UPLOADER,
  UPLOADER_EMAIL,
  type ServiceName,
  type Stack,
} from './stack';

/** FUZZ_SEED: another seed, other requests; FUZZ_LOG=<file>: every request and its answer, a line each. */
const env = z
  .object({ FUZZ_SEED: z.coerce.number().int().default(11), FUZZ_LOG: z.string().min(1).optional() })
  .parse(process.env);
const SEED = env.FUZZ_SEED;
/** Requests per route sent to its service; every fourth one (and every oversized one) also goes through the gateway. */
const PER_ROUTE = 36;
const CONCURRENCY = 6;
/** The store the search service has documents for (its public routes answer past the 404). */
const SEARCH_STORE = 'fuzz-store';

interface Sent {
  request: FuzzRequest;
  target: string;
  via: 'service' | 'gateway';
  answer: RawAnswer;
}

function printable(req: FuzzRequest, sent: Sent): string {
  const body = req.body
    ? `${JSON.stringify(req.body.toString('utf8').slice(0, 300))}${req.body.length > 300 ? ` … (${req.body.length} bytes)` : ''}`
    : '(none)';
  const path = req.path.length > 300 ? `${req.path.slice(0, 300)}… (${req.path.length} characters)` : req.path;
  return [
    `${req.method} ${sent.target}${path}`,
    `  route: ${req.service} ${req.route} (via ${sent.via}); broken: ${req.label}`,
    `  headers: ${JSON.stringify(req.headers)}`,
    `  body: ${body}`,
    `  -> ${sent.answer.status || 'no answer'} ${sent.answer.text}`,
  ].join('\n');
}

/** The same request as the dashboard or the widget sends it through the gateway, with its owner's token. */
function throughGateway(req: FuzzRequest, bearers: Record<string, string>): FuzzRequest {
  const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !k.startsWith('x-sniff-')));
  if (req.path.startsWith('/v1/')) return { ...req, headers };
  const bearer = bearers[req.headers['x-sniff-user-sub'] ?? ''] ?? bearers[OWNER];
  return { ...req, path: `/api/${req.service}${req.path}`, headers: { ...headers, authorization: `Bearer ${bearer}` } };
}

async function sendAll(jobs: Omit<Sent, 'answer'>[]): Promise<Sent[]> {
  const results: Sent[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = { ...jobs[i], answer: await send(jobs[i].target, jobs[i].request) };
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return results;
}

describe('fuzz: malformed requests to every route of every service', () => {
  let stack: Stack;
  let storesStoreId: string | undefined;

  beforeAll(async () => {
    stack = await startStack();
    // Something to find: documents in the search service, a store in the stores service.
    const documents = [{ id: 'sofa', url: 'https://shop.example/sofa', title: 'Sofa', body: 'A comfy sofa' }];
    const indexed = await send(stack.services.search.url, {
      method: 'PUT',
      path: `/internal/stores/${SEARCH_STORE}/documents`,
      headers: asInternal(),
      body: Buffer.from(JSON.stringify({ documents })),
    });
    expect(indexed.status).toBe(200);
    const created = await send(stack.services.stores.url, {
      method: 'POST',
      path: '/saas/create-website',
      headers: asOwner(OWNER, OWNER_EMAIL),
      body: Buffer.from(
        JSON.stringify({
          store_url: 'https://shop.example',
          store_name: 'Fuzz shop',
          platform: 'custom',
          email: OWNER_EMAIL,
        }),
      ),
    });
    if (created.status === 200) storesStoreId = (JSON.parse(created.text) as { store_id: string }).store_id;
  }, 60_000);

  afterAll(async () => {
    closeSockets();
    await stack?.close();
  });

  it('answers none of them with a 5xx', async () => {
    const rng = new Rng(SEED);
    const paramValue = (service: ServiceName) => (name: string) => {
      if (name === 'sub') return OWNER;
      if (service === 'stores') return storesStoreId ?? 'st_nosuchstore';
      return SEARCH_STORE;
    };
    const jobs: Omit<Sent, 'answer'>[] = [];
    const routesSeen: string[] = [];
    const uploader: Uploader = { email: UPLOADER_EMAIL, headers: asOwner(UPLOADER, UPLOADER_EMAIL) };
    for (const service of SERVICES) {
      const { url, routes } = stack.services[service];
      expect(routes.length).toBeGreaterThan(1);
      const ctx: FuzzContext = {
        email: OWNER_EMAIL,
        paramValue: paramValue(service),
        ownerHeaders: asOwner(OWNER, OWNER_EMAIL),
        internalHeaders: asInternal(),
        bodyPool: contractObjectSchemas(contracts),
      };
      // HEAD routes are Fastify's twins of the GET routes.
      for (const route of routes.filter((r) => r.method !== 'HEAD')) {
        routesSeen.push(`${service} ${route.method} ${route.url}`);
        for (const request of requestsFor(service, route, ctx, rng, PER_ROUTE)) {
          jobs.push({ request, target: url, via: 'service' });
        }
        // Upload routes also get forms (multipart/form-data), broken in one way each.
        for (const request of multipartRequestsFor(service, route, uploader, rng)) {
          jobs.push({ request, target: url, via: 'service' });
        }
      }
    }
    // A quarter of the requests, every oversized body (chunked ones too: the gateway caps /v1 bodies
    // and reads /api JSON whole) and every form (streamed through, answered before it is all read) also
    // go through the gateway.
    const bearers = {
      [OWNER]: stack.gateway.bearer,
      [UPLOADER]: await stack.gateway.bearerFor(UPLOADER, UPLOADER_EMAIL),
    };
    const viaGateway = jobs
      .filter((job, i) => i % 4 === 0 || / over the |^multipart /.test(job.request.label))
      .map((job) => ({
        request: throughGateway(job.request, bearers),
        target: stack.gateway.url,
        via: 'gateway' as const,
      }));
    const all = [...jobs, ...viaGateway];
    expect(all.length).toBeGreaterThanOrEqual(500);

    const started = Date.now();
    const results = await sendAll(all);
    const byStatus = new Map<number, number>();
    for (const r of results) byStatus.set(r.answer.status, (byStatus.get(r.answer.status) ?? 0) + 1);
    console.log(
      `fuzz (seed ${SEED}): ${results.length} requests (${viaGateway.length} through the gateway) to ${routesSeen.length} routes in ${Date.now() - started} ms; ` +
        `answers: ${[...byStatus]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s || 'none'} x${n}`)
          .join(', ')}`,
    );

    if (env.FUZZ_LOG) {
      const line = (r: Sent) =>
        `${r.answer.status} ${r.request.method} ${r.via} ${r.request.service} ${r.request.route} | ${r.request.label} | ${r.answer.text.slice(0, 160)}`;
      writeFileSync(env.FUZZ_LOG, results.map(line).join('\n') + '\n');
    }

    const failures = results.filter((r) => r.answer.status === 0 || r.answer.status >= 500);
    if (failures.length) {
      throw new Error(
        `${failures.length} of ${results.length} malformed requests got a 5xx or no answer:\n\n` +
          failures.map((f) => printable(f.request, f)).join('\n\n'),
      );
    }
    // Forms reached the upload route, directly and through the gateway, and none of them created a store.
    const forms = results.filter((r) => r.request.label.startsWith('multipart '));
    expect(forms.filter((r) => r.via === 'gateway').length).toBeGreaterThanOrEqual(60);
    const listed = await send(stack.services.stores.url, {
      method: 'POST',
      path: '/managestores/list-stores',
      headers: asOwner(UPLOADER, UPLOADER_EMAIL),
      body: Buffer.from(JSON.stringify({ email: UPLOADER_EMAIL })),
    });
    expect([listed.status, listed.text]).toEqual([200, '[]']);
  }, 120_000);

  it('documents every route of every service at /docs from the endpoint registry, with the schemas that validate it', async () => {
    for (const service of SERVICES) {
      const { url, routes } = stack.services[service];
      // every route served is registered, every registered endpoint served (a removed handler fails here),
      // each declared with its own entry (@Endpoint) and validated with the entry's schemas
      expect({ service, mismatches: registryMismatches(service, routes) }).toEqual({ service, mismatches: [] });
      const res = await fetch(`${url}/docs`);
      expect(res.status).toBe(200);
      const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
      expect(doc.openapi).toBe('3.1.0');
      const missing = routes
        .filter((r) => r.method !== 'HEAD')
        .filter((r) => !doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()])
        .map((r) => `${r.method} ${r.url}`);
      expect({ service, missing }).toEqual({ service, missing: [] });
    }
    const billing = (await (await fetch(`${stack.services.billing.url}/docs`)).json()) as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: object }> } }>>;
    };
    expect(billing.paths['/account/deletion']!.post!.requestBody!.content['application/json']!.schema).toMatchObject({
      type: 'object',
      properties: { confirm: { type: 'string', minLength: 1 } },
      required: ['confirm'],
    });
    const search = (await (await fetch(`${stack.services.search.url}/docs`)).json()) as {
      paths: Record<string, Record<string, { parameters: { name: string; in: string }[] }>>;
    };
    const widget = search.paths['/v1/stores/{id}/search']!.get!.parameters.map((p) => `${p.in}:${p.name}`);
    expect(widget).toEqual(expect.arrayContaining(['path:id', 'query:q', 'query:limit']));
    // answers are described too, with their status
    const answers = (await (await fetch(`${stack.services.search.url}/docs`)).json()) as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>
      >;
    };
    expect(
      answers.paths['/v1/stores/{id}/search']!.get!.responses['200']!.content!['application/json']!.schema,
    ).toMatchObject({
      type: 'object',
      properties: { hits: { type: 'array' } },
    });
    expect(answers.paths['/v1/stores/{id}/events']!.post!.responses['202']).toBeDefined();
  });
});
