import { pageKey } from './page-url';

describe('pageKey: one page, however its address is written', () => {
  it.each([
    ['https://shop.example/about', 'https://shop.example/about/'],
    ['https://shop.example/about', 'https://SHOP.example/About#team'],
    ['https://shop.example', 'https://shop.example/'],
  ])('%s is the same page as %s', (a, b) => expect(pageKey(a)).toBe(pageKey(b)));

  it.each([
    ['https://shop.example/about', 'https://shop.example/contact'],
    ['https://shop.example/a?x=1', 'https://shop.example/a?x=2'],
    ['http://shop.example/a', 'https://shop.example/a'],
    ['https://shop.example/a/?q=1', 'https://shop.example/a?q=1'],
  ])('%s is not the same page as %s', (a, b) => expect(pageKey(a)).not.toBe(pageKey(b)));

  it('keys text that is not a URL by itself', () => {
    expect(pageKey(' Not A URL ')).toBe('not a url');
  });
});
