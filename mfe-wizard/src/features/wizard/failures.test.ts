import { creationFailure, STORE_CHECK_FAILED, STORE_CHECK_UNREACHABLE, storeCheckFailure } from './failures';

test('a shop check\'s failure in the spec\'s words, down to "Failed to check store." for an unreadable answer', () => {
  expect(storeCheckFailure({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
    STORE_CHECK_UNREACHABLE,
  );
  expect(storeCheckFailure({ status: 400, data: { message: 'Enter your shop name' } })).toBe('Enter your shop name');
  expect(storeCheckFailure({ status: 502, data: {} })).toBe('Server error: 502');
  expect(storeCheckFailure({ status: 'PARSING_ERROR', originalStatus: 200, data: '<html>', error: 'x' })).toBe(
    STORE_CHECK_FAILED,
  );
});

test('a create\'s failure: the service\'s explanation, else "Connection failed: {status text}"', () => {
  expect(creationFailure({ status: 503, statusText: 'Service Unavailable', data: {} })).toBe(
    'Connection failed: Service Unavailable',
  );
  expect(creationFailure({ status: 503, data: {} })).toBe('Connection failed: 503');
  expect(creationFailure({ status: 409, data: { message: 'Already there' } })).toBe('Already there');
});
