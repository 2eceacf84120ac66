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
  close(): Promise<void>;
}

/**
 * A stand-in for the search service's internal API in stores' own tests: records the
 * PUT documents / DELETE store calls it receives (the e2e test runs the real pair).
 */
export async function startSearchStub(): Promise<SearchStub> {
  const calls: RecordedCall[] = [];
  let failing = 0;
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
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    failNextPuts: (n) => (failing = n),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A stand-in for the analytics service's internal API (DELETE /internal/stores/:id when a store is
 * deleted): the same recorder, answering 200 to every call.
 */
export const startAnalyticsStub = startSearchStub;
