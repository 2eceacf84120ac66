import { MAX_PINS, pinKey, pinKeys, pinSchema, searchResponseSchema, searchSettingsSchema } from './index';

const page = (n: number) => `https://shop.example/p/${n}`;

describe('pinned answers in the search settings', () => {
  it('compares queries as the engine reads them: case, accents and spacing folded', () => {
    expect(pinKey('  Café   OPENING-hours ')).toBe('cafe opening hours');
    expect(pinKey('Crème brûlée')).toBe(pinKey('creme BRULEE'));
    expect(pinKey('?!')).toBe('');
    expect(pinKeys({ query: 'Returns', variants: ['returns', 'refund policy'] })).toEqual(['returns', 'refund policy']);
  });

  it('keeps a pin of pages and a pin with a short answer; settings saved before pins get none', () => {
    const parsed = searchSettingsSchema.parse({
      pins: [
        { query: 'returns', variants: ['refund'], urls: [page(1), page(2)] },
        { query: 'opening hours', answer: { text: 'Mon–Fri 9–17', url: 'https://shop.example/contact' } },
      ],
    });
    expect(parsed.pins).toHaveLength(2);
    expect(parsed.pins[1].urls).toEqual([]);
    expect(searchSettingsSchema.parse({}).pins).toEqual([]);
  });

  it('refuses a pin with nothing to show, both pages and an answer, or too many pages', () => {
    const message = (pin: unknown) => pinSchema.safeParse(pin).error?.issues[0]?.message;
    expect(message({ query: 'x' })).toBe('pin at least one page or write a short answer');
    expect(message({ query: 'x', urls: [page(1)], answer: { text: 'a', url: page(2) } })).toMatch(/not both/);
    expect(message({ query: 'x', urls: [1, 2, 3, 4].map(page) })).toBe('a pin can show at most 3 pages');
    expect(message({ query: 'x', urls: [page(1), page(1)] })).toMatch(/pinned twice/);
  });

  it('accepts http(s) links only and limits the answer', () => {
    const answer = (text: string, url: string) => pinSchema.safeParse({ query: 'x', answer: { text, url } });
    expect(answer('ok', 'javascript:alert(1)').success).toBe(false);
    expect(answer('ok', 'data:text/html,hi').success).toBe(false);
    expect(answer('ok', '/relative').success).toBe(false);
    expect(answer('x'.repeat(281), 'https://a.example').error?.issues[0]?.message).toBe(
      'the answer must be at most 280 characters',
    );
    expect(answer('<b>plain</b>', 'http://a.example/x').success).toBe(true);
  });

  it('refuses a query pinned twice (also as a variant, after folding) and names where', () => {
    const result = searchSettingsSchema.safeParse({
      pins: [
        { query: 'Returns', urls: [page(1)] },
        { query: 'refunds', variants: ['RETURNS '], urls: [page(2)] },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['pins', 1, 'variants', 0] });
    expect(result.error?.issues[0]?.message).toMatch(/already pinned/);
  });

  it('limits the pins of a store with a clear message', () => {
    const pins = Array.from({ length: MAX_PINS + 1 }, (_, i) => ({ query: `q${i}`, urls: [page(i)] }));
    expect(searchSettingsSchema.safeParse({ pins }).error?.issues[0]?.message).toBe(
      'a store can have at most 100 pinned answers',
    );
  });

  it('keeps answers of before valid and carries the new optional fields', () => {
    const hit = { id: '1', title: 't', description: '', url: page(1), highlight: { title: [], description: [] } };
    expect(searchResponseSchema.parse({ query: 'q', hits: [hit], suggestions: [], tookMs: 1 }).answer).toBeUndefined();
    const parsed = searchResponseSchema.parse({
      query: 'q',
      hits: [{ ...hit, pinned: true }],
      suggestions: [],
      tookMs: 1,
      answer: { text: 'Hi', url: 'https://a.example' },
    });
    expect(parsed.hits[0].pinned).toBe(true);
    expect(parsed.answer?.url).toBe('https://a.example');
  });
});
