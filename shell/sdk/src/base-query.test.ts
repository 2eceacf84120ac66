import { errorMessage } from './base-query';

test('the message an owner reads for each kind of failed call', () => {
  expect(errorMessage({ status: 400, data: { message: 'url is required' } })).toBe('url is required');
  expect(errorMessage({ status: 'FETCH_ERROR', error: 'TypeError' })).toMatch(/^Network error/);
  expect(errorMessage({ status: 502, data: '<html>' })).toBe('Server error: 502');
  // Thrown before any request (no token yet): its own words, never "Server error: undefined".
  expect(errorMessage({ name: 'Error', message: 'Login required' })).toBe('Login required. Please try again.');
});
