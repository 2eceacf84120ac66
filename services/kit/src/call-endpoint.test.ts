import { HttpException, Logger, ServiceUnavailableException } from '@nestjs/common';
import { billingEndpoints, feedbackEndpoints, searchEndpoints, storesEndpoints } from '@sniff/contracts';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { callEndpoint, INTERNAL_TOKEN_HEADER, OwnerPlans, setInternalToken } from './index';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A sibling service on a real port: records what reaches it and answers as the test says. */
let answer: (req: Received, res: ServerResponse) => void;
const received: Received[] = [];
let sibling: Server;
let urls: { SEARCH_URL: string; BILLING_URL: string; FEEDBACK_URL: string };

beforeAll(async () => {
  setInternalToken('sibling-test-token-0123456789');
  sibling = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const r = { method: req.method!, url: req.url!, headers: req.headers, body };
      received.push(r);
      answer(r, res);
    });
  });
  await new Promise<void>((resolve) => sibling.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(sibling.address() as AddressInfo).port}`;
  urls = { SEARCH_URL: base, BILLING_URL: base, FEEDBACK_URL: base };
});
afterAll(async () => {
  sibling.closeAllConnections();
  await new Promise((resolve) => sibling.close(resolve));
});
beforeEach(() => {
  received.length = 0;
});

const reply = (status: number, body: unknown) => (_req: Received, res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

/** The error a call failed with (it must fail). */
async function failure(call: Promise<unknown>): Promise<Error> {
  try {
    await call;
  } catch (error) {
    return error as Error;
  }
  throw new Error('the call succeeded');
}

describe('callEndpoint', () => {
  it('fills the path parameters encoded, sends the query and the body, and answers the parsed answer', async () => {
    answer = reply(200, { storeId: 'a b/c?', version: 3, applied: true });
    const saved = await callEndpoint(
      searchEndpoints.saveSettings,
      { path: { id: 'a b/c?' }, query: { version: 3 }, body: { synonyms: [], stopWords: ['the'] } },
      { urls },
    );
    expect(saved).toEqual({ storeId: 'a b/c?', version: 3, applied: true });
    expect(received).toHaveLength(1);
    const [req] = received;
    expect(req.method).toBe('PUT');
    expect(req.url).toBe('/internal/stores/a%20b%2Fc%3F/settings?version=3');
    expect(JSON.parse(req.body)).toEqual({ synonyms: [], stopWords: ['the'] });
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers[INTERNAL_TOKEN_HEADER]).toBe('sibling-test-token-0123456789');
  });

  it('sends a route without a body as a bare request', async () => {
    answer = reply(200, { storeId: 's1', forgotten: true });
    await callEndpoint(searchEndpoints.forgetWidgetRules, { path: { id: 's1' } }, { urls });
    expect(received[0]).toMatchObject({ method: 'DELETE', url: '/internal/stores/s1/widget-rules', body: '' });
    expect(received[0].headers['content-type']).toBeUndefined();
  });

  it('refuses an invalid body or query before sending, with the 400 the sibling would answer', async () => {
    answer = reply(200, { key: 'k', status: 'sent', duplicate: false });
    const notice = { key: 'k', ownerSub: 'o', to: 'not an address', subject: 'Hi', text: 'Text' };
    const error = await failure(callEndpoint(feedbackEndpoints.sendNotice, { body: notice }, { urls }));
    expect(error).toBeInstanceOf(HttpException);
    expect((error as HttpException).getStatus()).toBe(400);
    expect((error as HttpException).getResponse()).toMatchObject({
      field: 'to',
      message: expect.stringMatching(/e-mail/),
    });

    const query = await failure(
      callEndpoint(searchEndpoints.saveSettings, { path: { id: 's1' }, query: { version: 0 }, body: {} }, { urls }),
    );
    expect((query as HttpException).getStatus()).toBe(400);
    expect(received).toHaveLength(0);
  });

  it('refuses a call missing a path parameter, and an entry that is not internal, before sending', async () => {
    answer = reply(200, { email: 'x@example.com' });
    const missing = await failure(
      callEndpoint(billingEndpoints.ownerContact, { path: {} } as never, { urls }), // a caller typed around the entry
    );
    expect(missing.message).toBe('GET /internal/users/:sub/contact: sub is missing');
    const ownerRoute = storesEndpoints.searchSettings as unknown as typeof billingEndpoints.ownerContact;
    const owner = await failure(callEndpoint(ownerRoute, { path: { sub: 's1' } }, { urls }));
    expect(owner.message).toBe('GET /stores/:id/search-settings is not an internal route');
    expect(received).toHaveLength(0);
  });

  it("passes a sibling's 4xx on as is, with its body", async () => {
    const body = { statusCode: 404, error: 'Not Found', message: 'No such account' };
    answer = reply(404, body);
    const error = await failure(callEndpoint(billingEndpoints.ownerContact, { path: { sub: 'gone' } }, { urls }));
    expect(error).toBeInstanceOf(HttpException);
    expect((error as HttpException).getStatus()).toBe(404);
    expect((error as HttpException).getResponse()).toEqual(body);
  });

  it("turns a sibling's 5xx into a 503 naming the service", async () => {
    answer = reply(500, { statusCode: 500, message: 'Internal server error' });
    const error = await failure(callEndpoint(billingEndpoints.ownerContact, { path: { sub: 'o' } }, { urls }));
    expect(error).toBeInstanceOf(ServiceUnavailableException);
    expect(error.message).toBe('The billing service failed (500). Please try again.');
  });

  it('turns an unreachable sibling, or one that does not answer in time, into a 503 naming the service', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await failure(
      callEndpoint(
        billingEndpoints.ownerContact,
        { path: { sub: 'o' } },
        { urls: { BILLING_URL: `http://127.0.0.1:${port}` } },
      ),
    );
    expect(unreachable).toBeInstanceOf(ServiceUnavailableException);
    expect(unreachable.message).toBe('The billing service is unavailable. Please try again.');

    answer = () => {}; // never answers
    const slow = await failure(
      callEndpoint(billingEndpoints.ownerContact, { path: { sub: 'o' } }, { urls, timeoutMs: 200 }),
    );
    expect(slow).toBeInstanceOf(ServiceUnavailableException);
    expect(slow.message).toBe('The billing service is unavailable. Please try again.');
  });

  it('turns an answer outside the contract into a logged 503, never a 500', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      answer = reply(200, { address: 'x@example.com' });
      const error = await failure(callEndpoint(billingEndpoints.ownerContact, { path: { sub: 'o' } }, { urls }));
      expect(error).toBeInstanceOf(ServiceUnavailableException);
      expect(error.message).toBe('The billing service answered unexpectedly. Please try again.');
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('GET /internal/users/:sub/contact answered 200'));

      answer = (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>not JSON</p>');
      const notJson = await failure(callEndpoint(billingEndpoints.ownerContact, { path: { sub: 'o' } }, { urls }));
      expect(notJson.message).toBe('The billing service answered unexpectedly. Please try again.');
    } finally {
      logged.mockRestore();
    }
  });
});

describe('OwnerPlans', () => {
  it("asks billing for the owner's plans and works out what they entitle the owner to", async () => {
    answer = reply(200, { plans: [{ plan: 'busniess_starter_monthly', platform: 'custom' }] });
    const { plans, ent } = await new OwnerPlans(urls).of('owner/1');
    expect(received[0].url).toBe('/internal/users/owner%2F1/plans');
    expect(plans).toEqual([{ plan: 'busniess_starter_monthly', platform: 'custom' }]);
    expect(ent).toMatchObject({ isFree: false, analytics: true, monthlySearches: 10_000 });
  });
});
