import { counted } from './counted';

test('counts read as English: one search, one click, many searches', () => {
  expect(counted(1, 'search', 'searches')).toBe('1 search');
  expect(counted(0, 'search', 'searches')).toBe('0 searches');
  expect(counted(1204, 'click', 'clicks')).toBe('1,204 clicks');
});
