import { ANALYTICS_LOAD_FAILED, ANALYTICS_NETWORK_ERROR, panelError, URLS_LOAD_FAILED, urlsError } from './errors';

test("a panel's failure reads as the spec says: the answer's status and body, the network text, or the generic one", () => {
  expect(panelError('Top 10 Searches', { status: 503, data: { message: 'Analytics is down' } })).toBe(
    'Failed to fetch Top 10 Searches data (503): Analytics is down',
  );
  expect(panelError('Top 10 Searches', { status: 502, data: 'Bad gateway' })).toBe(
    'Failed to fetch Top 10 Searches data (502): Bad gateway',
  );
  expect(panelError('Top 10 Searches', { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
    ANALYTICS_NETWORK_ERROR,
  );
  expect(ANALYTICS_NETWORK_ERROR).toBe(
    'Network error: Unable to connect to analytics server. Please check your internet connection.',
  );
  expect(panelError('Top 10 Searches', { status: 'PARSING_ERROR', data: '<html>', error: 'x' })).toBe(
    'Failed to load analytics data. Please try again.',
  );
  expect(ANALYTICS_LOAD_FAILED).toBe('Failed to load analytics data. Please try again.');
});

test('the site list fails with its status, the network text, or the generic one', () => {
  expect(urlsError({ status: 503, data: {} })).toBe('Failed to fetch URLs (503)');
  expect(urlsError({ status: 'FETCH_ERROR', error: 'x' })).toBe(ANALYTICS_NETWORK_ERROR);
  expect(urlsError(new Error('no token'))).toBe(URLS_LOAD_FAILED);
});
