import { pinKey, pinSchema } from '@sniff/contracts';
import { compilePins, pinQueryKey } from './pins';

describe('pins at query time', () => {
  it('reads a query as the engine does, so the dashboard and the search service agree on a match', () => {
    for (const q of ['Green Tea', '  café   au-lait ', 'Rückgabe & Umtausch', 'ÉTÉ 2025!', '日本 茶', 'x']) {
      expect(pinQueryKey(q)).toBe(pinKey(q));
    }
  });

  it('finds a pin by its query and by each variant, and the first pin wins a phrasing', () => {
    const pins = compilePins([
      pinSchema.parse({ query: 'Returns', variants: ['money back'], urls: ['https://a.example/r'] }),
      pinSchema.parse({ query: 'hours', answer: { text: '9-5', url: 'https://a.example/c' } }),
    ]);
    expect(pins.get(pinQueryKey('RETURNS'))?.urls).toEqual(['https://a.example/r']);
    expect(pins.get(pinQueryKey('money-back'))?.urls).toEqual(['https://a.example/r']);
    expect(pins.get(pinQueryKey('Hours'))?.answer?.text).toBe('9-5');
    expect(pins.get(pinQueryKey('money'))).toBeUndefined();
  });
});
