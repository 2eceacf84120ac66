import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describeZodError, indexDocumentsRequestSchema } from '@sniff/contracts';

export interface RecordedCall {
  method: string;
  path: string;
  token: string | undefined;
  body: unknown;
}

export interface SearchStub {
  url: string;
  calls: RecordedCall[];
  /** Answer the next `n` document uploads with 503 (search briefly down). */
  failNextPuts(n: number): void;
  /** Holds the answer to the next document upload until `release` is called (a sync that stays running). */
  holdNextPut(): { held: Promise<void>; release(): void };
  close(): Promise<void>;
}

/** A stand-in's answer to a call: the JSON its registry entry's response schema describes. */
type Answer = (call: RecordedCall, url: URL) => unknown;

/** The search service's internal routes that stores calls, answered as the registry says they answer. */
const SEARCH_ANSWERS: [string, RegExp, Answer][] = [
  [
    'PUT',
    /^\/internal\/stores\/([^/]+)\/documents$/,
    (call, url) => ({
      storeId: storeIn(url),
      documents: (call.body as { documents: unknown[] }).documents.length,
      builtAt: new Date().toISOString(),
    }),
  ],
  [
    'PUT',
    /^\/internal\/stores\/([^/]+)\/settings$/,
    (_call, url) => ({ storeId: storeIn(url), version: Number(url.searchParams.get('version')), applied: true }),
  ],
  [
    'DELETE',
    /^\/internal\/stores\/([^/]+)\/widget-rules$/,
    (_call, url) => ({ storeId: storeIn(url), forgotten: true }),
  ],
  ['DELETE', /^\/internal\/stores\/([^/]+)$/, (_call, url) => ({ storeId: storeIn(url), deleted: true })],
  ['GET', /^\/internal\/stores\/([^/]+)\/pin-candidates$/, () => ({ pages: [] })],
  ['POST', /^\/internal\/stores\/([^/]+)\/pinned-pages$/, () => ({ pages: [] })],
];

/** The analytics service's internal routes that stores calls. */
const ANALYTICS_ANSWERS: [string, RegExp, Answer][] = [
  ['DELETE', /^\/internal\/stores\/([^/]+)$/, () => ({ deleted: { events: 0, zeroResultAlerts: 0 } })],
  ['GET', /^\/internal\/stores\/([^/]+)\/popular-queries$/, () => ({ queries: [] })],
];

const storeIn = (url: URL) => decodeURIComponent(url.pathname.split('/')[3]);

/**
 * A stand-in for the search service's internal API in stores' own tests: records the
 * PUT documents / DELETE store calls it receives (the e2e test runs the real pair).
 */
export function startSearchStub(): Promise<SearchStub> {
  return startStub(SEARCH_ANSWERS);
}

/**
 * A stand-in for the analytics service's internal API (DELETE /internal/stores/:id when a store is
 * deleted): the same recorder.
 */
export function startAnalyticsStub(): Promise<SearchStub> {
  return startStub(ANALYTICS_ANSWERS);
}

async function startStub(answers: [string, RegExp, Answer][]): Promise<SearchStub> {
  const calls: RecordedCall[] = [];
  let failing = 0;
  let hold: { arrived: () => void; gate: Promise<void> } | null = null;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const token = req.headers['x-sniff-internal-token'] as string | undefined;
      calls.push({ method: req.method ?? '', path: req.url ?? '', token, body: raw ? JSON.parse(raw) : undefined });
      // Documents are held to the indexing contract as the real service holds them (http(s) URLs only).
      const documents = req.url?.endsWith('/documents') && indexDocumentsRequestSchema.safeParse(calls.at(-1)?.body);
      if (documents && !documents.success) {
        const body = { statusCode: 400, ...describeZodError(documents.error) };
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        return;
      }
      // Document uploads only: a store's creation also pushes its search settings first.
      if (req.method === 'PUT' && req.url?.endsWith('/documents') && failing > 0) {
        failing--;
        res.writeHead(503, { 'content-type': 'application/json' }).end('{"statusCode":503,"message":"down"}');
        return;
      }
      const call = calls.at(-1)!;
      const answerCall = () => {
        const url = new URL(req.url ?? '/', 'http://stub');
        const answer = answers.find(([method, path]) => method === req.method && path.test(url.pathname))?.[2];
        if (!answer) {
          res.writeHead(404, { 'content-type': 'application/json' }).end('{"statusCode":404,"message":"Not Found"}');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer(call, url)));
      };
      if (req.method === 'PUT' && req.url?.endsWith('/documents') && hold) {
        const { arrived, gate } = hold;
        hold = null;
        arrived();
        void gate.then(answerCall);
        return;
      }
      answerCall();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    failNextPuts: (n) => (failing = n),
    holdNextPut: () => {
      let arrived = () => undefined as void;
      let release = () => undefined as void;
      const held = new Promise<void>((r) => (arrived = r));
      const gate = new Promise<void>((r) => (release = r));
      hold = { arrived, gate };
      return { held, release };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
