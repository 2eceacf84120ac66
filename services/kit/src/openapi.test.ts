import { feedbackEndpoints, searchEndpoints, storesEndpoints, type Endpoint } from '@sniff/contracts';
import { registryMismatches, type ServedRoute } from './index';

/** A route as listRoutes reports a handler declared with @Endpoint(e) that validates what e names. */
const served = (e: Endpoint, facts: Partial<ServedRoute> = {}): ServedRoute => ({
  method: e.method,
  url: e.path,
  endpoint: e,
  bodySchema: e.body,
  querySchema: e.query,
  ...facts,
});

const { send, ownerMessages, deleteOwnerMessages, sendNotice } = feedbackEndpoints;
const kit: ServedRoute[] = [
  { method: 'GET', url: '/healthz' },
  { method: 'HEAD', url: '/healthz' },
];

describe('registryMismatches', () => {
  it('is empty when a service serves its registry, each route declared with its entry', () => {
    expect(
      registryMismatches('feedback', [
        ...kit,
        served(send),
        served(ownerMessages),
        served(deleteOwnerMessages),
        served(sendNotice),
      ]),
    ).toEqual([]);
  });

  it('names a registered endpoint nobody serves (a handler removed) and a route the registry lacks', () => {
    expect(
      registryMismatches('feedback', [
        served(send),
        served(ownerMessages),
        served(sendNotice),
        { method: 'GET', url: '/feedback/all', endpoint: undefined },
      ]),
    ).toEqual([
      'GET /feedback/all is served but not in the registry',
      'DELETE /internal/owners/:sub is registered but not served',
    ]);
  });

  it('names a route at a registered path mapped by hand, or with another service’s entry', () => {
    expect(
      registryMismatches('feedback', [
        served(send, { endpoint: undefined }),
        served(ownerMessages, { endpoint: storesEndpoints.ownerStores }),
        served(deleteOwnerMessages),
        served(sendNotice),
      ]),
    ).toEqual([
      'POST /feedback/send is not declared with its registry entry (@Endpoint)',
      'GET /internal/owners/:sub is not declared with its registry entry (@Endpoint)',
    ]);
  });

  it('names a body or query validated with another schema than the entry’s', () => {
    expect(
      registryMismatches('feedback', [
        served(send, { bodySchema: searchEndpoints.usage.body }),
        served(ownerMessages, { querySchema: searchEndpoints.search.query }),
        served(deleteOwnerMessages),
        served(sendNotice),
      ]),
    ).toEqual([
      'POST /feedback/send validates its body with another schema',
      'GET /internal/owners/:sub validates its query with another schema',
    ]);
  });
});
