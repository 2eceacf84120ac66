import type { IndexDocument } from '@sniff/contracts';
import { sniffEngine } from './sniff-index';
import { SITE_DOCUMENTS } from './fixtures';
import { compileQueryRules, type QueryRules } from './query-rules';
import type { SearchIndex } from './search-index';
import { editDistance } from './text';

const index = sniffEngine.build(SITE_DOCUMENTS);
/** Ids of what `ix` finds for `q`, best first. */
const idsIn = (ix: SearchIndex, q: string, limit = 5, rules?: QueryRules) =>
  ix.search(q, { limit, rules }).hits.map((h) => h.id);
const ids = (q: string, limit = 10, rules?: QueryRules) => idsIn(index, q, limit, rules);
const marked = (text: string, ranges: [number, number][]) => ranges.map(([s, e]) => text.slice(s, e));

const doc = (id: string, title: string, description = '', body = ''): IndexDocument => ({
  id,
  url: `https://shop.example/${id}`,
  title,
  description,
  headings: [],
  body,
});

describe('Sniff index', () => {
  it('finds exact words, prefixes of the last word and typos, best match first', () => {
    expect(ids('pricing')[0]).toBe('pricing');
    expect(ids('pric')[0]).toBe('pricing');
    expect(ids('pricng')[0]).toBe('pricing');
    expect(ids('Shiping')[0]).toBe('shipping');
  });

  it('ranks exact above prefix above typo above a partial word, in the same field', () => {
    const tiers = sniffEngine.build([
      doc('infix', 'Mermaid costumes'),
      doc('typo', 'Mail sorting'), // "mail": one edit from "maid"
      doc('prefix', 'Maidenhair ferns'),
      doc('exact', 'Maid service'),
    ]);
    expect(idsIn(tiers, 'maid', 10)).toEqual(['exact', 'prefix', 'typo', 'infix']);
  });

  it('finds a word from a fragment inside it and highlights only the fragment', () => {
    const shop = sniffEngine.build([doc('m', 'Mermaid tail blanket'), doc('o', 'Ocean towels')]);
    const hit = shop.search('rmai', { limit: 5 }).hits[0];
    expect(hit.id).toBe('m');
    expect(marked(hit.title, hit.highlight.title)).toEqual(['rmai']);
  });

  it('finds a fragment of a word typed beside other words, where those words are', () => {
    const shop = sniffEngine.build([
      doc('cranberry', 'Cranberry salad', 'A winter side dish'),
      doc('berries', 'Berry smoothie', 'Blend a cup of berry'),
      doc('potato', 'Potato salad', 'With mustard and dill'),
      doc('cranberry-juice', 'Cranberry juice'),
      doc('burger', 'Burger buns', 'Soft and sweet'),
      doc('urge', 'The urge to bake', 'Bread and buns at home'),
    ]);
    const found = (q: string) => idsIn(shop, q);
    // "berry" is a word here too, but only "Cranberry salad" has both words
    expect(found('berry salad')[0]).toBe('cranberry');
    expect(found('salad berry')[0]).toBe('cranberry');
    expect(found('urger buns')[0]).toBe('burger');
    // beside other words a fragment only counts where they are: no "Cranberry juice" for "berry salad"
    expect(found('berry salad')).not.toContain('cranberry-juice');
    // alone, a finished word still means itself first, and a letter typed after it narrows it down
    expect(found('berry smoothie')).toEqual(['berries']);
    expect(found('berry s')).toEqual(['berries']);
    expect(found('berry')[0]).toBe('berries');
    const hit = shop.search('berry salad', { limit: 1 }).hits[0];
    expect(marked(hit.title, hit.highlight.title)).toEqual(['berry', 'salad']);
  });

  it('allows two typos in long words and counts a swap of neighbours as one', () => {
    const shop = sniffEngine.build([doc('a', 'Waterproof hiking jackets'), doc('b', 'Cotton shirts')]);
    expect(shop.search('watreprof', { limit: 5 }).hits[0]?.id).toBe('a'); // swap + deletion
    expect(shop.search('hikign', { limit: 5 }).hits[0]?.id).toBe('a'); // one swap
    expect(shop.search('jckt', { limit: 5 }).hits).toEqual([]); // two edits in a short word
  });

  it('folds case and diacritics both ways', () => {
    expect(ids('café')).toContain('cafe');
    expect(ids('CAFE')).toContain('cafe');
    expect(ids('cafe')[0]).toBe('cafe');
  });

  it('prefers documents that contain every word, then words next to each other', () => {
    expect(ids('coffee grinders')[0]).toBe('blog-coffee');
    expect(ids('free shipping')[0]).toBe('shipping');
    const near = sniffEngine.build([
      doc('apart', 'Green tea and a red mug'),
      doc('together', 'Red tea in a green mug'),
    ]);
    expect(idsIn(near, 'green tea')).toEqual(['apart', 'together']);
  });

  it("reads a possessive's 's' as part of the word before it, in pages and queries alike", () => {
    const shop = sniffEngine.build([
      doc('summer', 'Summer sale shoes'),
      doc('kids', 'Kids sweater'),
      doc('fathers', "Father's Day socks"),
      doc('mothers', 'Mothers Day card'),
      doc('womens', "Women's shoes"),
    ]);
    const found = (q: string) => idsIn(shop, q);
    // "kid's" is "kid" being typed, not "kid" and every word in "s"
    expect(found("kid's")).toEqual(['kids']);
    // no page needs an "s" of its own to have every word
    expect(found("mother's day")[0]).toBe('mothers');
    expect(found('women’s sh')[0]).toBe('womens');
    const hit = shop.search("women's shoes", { limit: 1 }).hits[0];
    expect(marked(hit.title, hit.highlight.title)).toEqual(['Women', 'shoes']);
  });

  it("still counts a possessive's 's' in the length of its field, so scores stay as they were", () => {
    // as long as a three-word title: the two-word title ranks first for a word both have
    const coats = sniffEngine.build([doc('possessive', "Women's coat"), doc('two', 'Women coat')]);
    expect(idsIn(coats, 'coat')).toEqual(['two', 'possessive']);
  });

  it('lets a one- or two-letter word typed after others narrow what they found, not add to it', () => {
    const shop = sniffEngine.build([
      doc('danger', 'The danger lurking in the water'),
      doc('lurk', 'Lurking cats'),
      doc('inside', 'Inside out'),
      doc('in', 'In and out'),
    ]);
    const found = (q: string) => idsIn(shop, q);
    // "i" and "in" narrow "lurking" down; documents with only an "i..." word stay out
    expect(found('lurking i')).toEqual(['danger', 'lurk']);
    expect(found('lurking in')).toEqual(['danger', 'lurk']);
    // a longer last word still brings in documents of its own
    expect(found('lurking ins')).toEqual(expect.arrayContaining(['danger', 'lurk', 'inside']));
    // alone, a short word finds what it can
    expect(found('in')).toEqual(expect.arrayContaining(['danger', 'inside', 'in']));
  });

  it('weighs the title above the description and the description above the body', () => {
    const fields = sniffEngine.build([
      doc('body', 'Kitchen', 'Pans and pots', 'A kettle for tea'),
      doc('title', 'Kettle', 'Boils water'),
      doc('description', 'Kitchen goods', 'A kettle and a toaster'),
    ]);
    expect(idsIn(fields, 'kettle')).toEqual(['title', 'description', 'body']);
  });

  it('allows no typo below four characters', () => {
    expect(ids('tex')).toEqual([]);
  });

  it('treats operators, emoji, right-to-left text and control characters as plain text', () => {
    for (const q of ['& | ! :* <-> " \' `', '☕️🔥', 'مرحبا بالعالم', 'pri\u0000cing', '((((', '\\', 'a'.repeat(256)]) {
      expect(() => index.search(q, { limit: 5 })).not.toThrow();
    }
    expect(ids('"pricing" & !')[0]).toBe('pricing');
    expect(ids('')).toEqual([]);
  });

  it('corrects words it does not know, counting a swap of two letters as one typo', () => {
    const r = index.search('pricnig plnas', { limit: 5 });
    expect(r.correctedQuery).toBe('pricing plans');
    expect(r.hits[0].id).toBe('pricing');
    expect(index.search('pricing', { limit: 5 }).correctedQuery).toBeUndefined();
  });

  it('suggests a much more common word for a rare one that finds little', () => {
    const docs2 = [doc('rare', 'Shrit print')];
    for (let i = 0; i < 12; i++) docs2.push(doc(`s${i}`, `Shirt number ${i}`));
    const r2 = sniffEngine.build(docs2).search('shrit', { limit: 5 });
    expect(r2.correctedQuery).toBe('shirt');
    expect(r2.hits[0].id).toBe('rare');
  });

  it('returns highlight ranges that point at the matched part of each word', () => {
    const hit = index.search('cafe', { limit: 5 }).hits.find((h) => h.id === 'cafe')!;
    expect(marked(hit.title, hit.highlight.title)).toEqual(['Café']);
    const pricing = index.search('plans pric', { limit: 5 }).hits[0];
    expect(marked(pricing.title, pricing.highlight.title)).toEqual(['Pric']);
    expect(marked(pricing.description, pricing.highlight.description)).toEqual(['Plans', 'pric']);
  });

  it('cuts descriptions to the length asked for, highlighting only what is left', () => {
    const long = sniffEngine.build([
      doc('tea', 'Green tea', 'Loose leaf green tea from small farms, shipped fresh every week with tasting notes'),
    ]);
    const hit = (q: string, descriptionLength?: number) => long.search(q, { limit: 5, descriptionLength }).hits[0];
    const whole = hit('green farms');
    expect(marked(whole.description, whole.highlight.description)).toEqual(['green', 'farms']);
    const cut = hit('green farms', 20);
    expect(cut.description).toBe('Loose leaf green te…');
    expect(cut.description).toHaveLength(20);
    // "farms" is past the cut; "green" is left
    expect(marked(cut.description, cut.highlight.description)).toEqual(['green']);
    // a word cut in two still matched as a whole: its part before the ellipsis is highlighted
    const across = hit('tea', 20);
    expect(across.highlight.description).toEqual([[17, 19]]);
    expect(marked(across.description, across.highlight.description)).toEqual(['te']);
    expect(hit('tea', 0).description).toBe('');
    expect(hit('tea', 0).highlight.description).toEqual([]);
    expect(hit('tea', 500).description).toBe(whole.description);
    expect(hit('green', 5000).highlight).toEqual(hit('green').highlight);
  });

  it('suggests completions from the vocabulary, keeping the words before', () => {
    expect(index.search('ship', { limit: 5 }).suggestions).toContain('shipping');
    expect(index.search('free shi', { limit: 5 }).suggestions).toContain('free shipping');
    expect(index.search('zzzz', { limit: 5 }).suggestions).toEqual([]);
  });

  it('applies two-way and one-way synonyms and stop words', () => {
    const shop = sniffEngine.build([
      doc('couch', 'Leather couch'),
      doc('notebook', 'Notebook computer'),
      doc('laptop', 'Laptop bag'),
      doc('band', 'The Who tribute night'),
    ]);
    const rules = compileQueryRules({
      synonyms: [
        { kind: 'two-way', words: ['sofa', 'couch'] },
        { kind: 'one-way', from: 'laptop', to: ['notebook'] },
      ],
      stopWords: ['the', 'cheap'],
    });
    const find = (q: string) => idsIn(shop, q, 5, rules);
    expect(find('sofa')).toEqual(['couch']);
    expect(find('the couch')).toEqual(['couch']);
    expect(find('laptop')).toEqual(['laptop', 'notebook']);
    expect(find('notebook')).toEqual(['notebook']);
    // Only stop words: they are searched for rather than ignoring the whole query.
    expect(find('the')[0]).toBe('band');
    expect(shop.search('sofa', { limit: 5 }).hits).toEqual([]);
  });

  it('finds the best documents of a one-word query wherever they sit in the index', () => {
    // Words of random lengths and documents of random sizes: every document scores differently.
    let seed = 3;
    const next = () => (seed = (seed * 48271) % 0x7fffffff) / 0x7fffffff;
    const stems = ['lamp', 'lantern', 'lane', 'land', 'landing', 'lark', 'large', 'laser', 'last', 'latch'];
    const word = () => stems[Math.floor(next() * stems.length)] + (next() < 0.5 ? '' : 's');
    const text = (n: number) => Array.from({ length: 1 + Math.floor(next() * n) }, word).join(' ');
    const docs = Array.from({ length: 400 }, (_, i) => doc(`d${i}`, text(4), text(12), text(40)));
    const big = sniffEngine.build(docs);
    // Reading fewer postings for the top 5 than for the top 50 must not change who the top 5 are.
    for (const q of ['l', 'la', 'lan', 'lamp', 'lante', 'lar', 'las', 'latches']) {
      const top5 = idsIn(big, q);
      expect(top5).toHaveLength(5);
      expect(top5).toEqual(
        big
          .search(q, { limit: 50 })
          .hits.slice(0, 5)
          .map((h) => h.id),
      );
    }
  });

  it('survives a snapshot round trip with identical answers', () => {
    const loaded = sniffEngine.load(index.serialize());
    expect(loaded.documentCount).toBe(SITE_DOCUMENTS.length);
    for (const q of ['pricng', 'plans pric', 'offee', 'café', 'free shi']) {
      expect(loaded.search(q, { limit: 5 })).toEqual(index.search(q, { limit: 5 }));
    }
    expect(() => sniffEngine.load(Buffer.from('{"v":1}'))).toThrow(/snapshot/);
  });

  it('keeps every text, price and image exactly through a snapshot, whatever the characters', () => {
    const texts = [
      doc('é-1', 'Crème brûlée 🍮 kit', 'Torch and ramekins — 4 pièces'),
      { ...doc('emoji', '🎉 Party 🎈 pack', ''), price: 0, imageUrl: 'https://shop.example/p.png' },
      { ...doc('cjk', '抹茶 matcha set', 'Zürich ßtraße'), price: 12.5 },
      doc('plain', 'Plain', 'x'),
    ];
    const built = sniffEngine.build(texts);
    const snapshot = built.serialize();
    const loaded = sniffEngine.load(snapshot);
    // read in place, and copied when the bytes sit at an odd address (a slice of a larger buffer)
    const unaligned = sniffEngine.load(Buffer.concat([Buffer.alloc(1), snapshot]).subarray(1));
    for (const q of ['creme', 'party', 'matcha', 'plain', 'strasse', 'brulee kit']) {
      expect(loaded.search(q, { limit: 5 })).toEqual(built.search(q, { limit: 5 }));
      expect(unaligned.search(q, { limit: 5 })).toEqual(built.search(q, { limit: 5 }));
    }
    // a loaded index saves the same snapshot again
    expect(loaded.serialize().equals(snapshot)).toBe(true);
    const [party] = loaded.search('party', { limit: 1 }).hits;
    expect(party).toMatchObject({
      id: 'emoji',
      title: '🎉 Party 🎈 pack',
      price: 0,
      imageUrl: 'https://shop.example/p.png',
    });
    const [plain] = loaded.search('plain', { limit: 1 }).hits;
    expect(plain).not.toHaveProperty('price');
    expect(plain).not.toHaveProperty('imageUrl');
  });

  it('keeps price and image of a product', () => {
    const hit = index.search('menu', { limit: 5 }).hits[0];
    expect(hit).toMatchObject({ id: 'cafe', price: 4.5, imageUrl: 'https://shop.example/cafe.png' });
  });

  it('indexes an empty store and the same id twice (last copy wins)', () => {
    expect(sniffEngine.build([]).search('anything', { limit: 5 }).hits).toEqual([]);
    const twice = sniffEngine.build([doc('x', 'Old title'), doc('x', 'New title')]);
    expect(twice.documentCount).toBe(1);
    expect(twice.search('new', { limit: 5 }).hits.map((h) => h.title)).toEqual(['New title']);
  });
});

describe('editDistance', () => {
  it('counts a transposition as one edit', () => {
    expect(editDistance('pricnig', 'pricing')).toBe(1);
    expect(editDistance('plns', 'plans')).toBe(1);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
  });
});
