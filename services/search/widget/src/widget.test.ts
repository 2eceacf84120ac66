/** @jest-environment jsdom */
import type { SearchResponse, WidgetRules } from '@sniff/contracts';
import { FREE_PLACEHOLDER } from '@sniff/contracts/src/embed-snippet';
import { readConfig, type WidgetConfig } from './config';
import { MIN_GAP_MS, mountWidget, PINNED_TEXT, SEMANTIC_TEXT, SETTLE_MS, WidgetHandle } from './widget';

const HITS: SearchResponse['hits'] = [
  {
    id: 'pricing',
    title: 'Pricing',
    description: 'Plans and prices for every team',
    url: 'https://shop.example/pricing',
    highlight: { title: [[0, 7]], description: [] },
  },
  {
    id: 'xss',
    title: 'Pricing <img src=x onerror=alert(1)>',
    description: '<script>alert(2)</script> pricing tricks',
    url: 'https://shop.example/xss',
    highlight: { title: [[0, 7]], description: [[26, 33]] },
  },
  {
    id: 'faq',
    title: 'FAQ about pricing',
    description: '',
    url: 'https://shop.example/faq',
    highlight: { title: [[10, 17]], description: [] },
  },
];

/** A paid store's rules: the snippet's look applies as written. */
const PAID_RULES: WidgetRules = {
  sizes: ['tiny', 'small', 'medium', 'large', 'xlarge', 'huge'],
  customPlaceholder: true,
  placeholder: FREE_PLACEHOLDER,
};
const FREE: WidgetRules = { sizes: ['small', 'medium'], customPlaceholder: false, placeholder: FREE_PLACEHOLDER };

/**
 * The search API: the blank query a widget makes when it mounts gets the store's rules; any other
 * query `answer(q)`, with a searchId of "sid:<q>".
 */
function fakeApi(
  answer: (q: string) => Partial<SearchResponse> = () => ({ hits: HITS }),
  rules = PAID_RULES,
  mounted: Partial<SearchResponse> = {},
) {
  const events: unknown[] = [];
  const searches: string[] = [];
  /** The query id (session) each search was sent with. */
  const sessions: (string | null)[] = [];
  const fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const u = new URL(String(url));
    if (u.pathname.endsWith('/events')) {
      events.push(JSON.parse(String(init?.body)));
      return { ok: true, status: 202, json: async () => ({ accepted: true }) } as Response;
    }
    const q = u.searchParams.get('q') ?? '';
    const body: SearchResponse = q
      ? { query: q, hits: [], suggestions: [], tookMs: 1, searchId: `sid:${q}`, ...answer(q) }
      : { query: q, hits: [], suggestions: [], tookMs: 1, widget: rules, ...mounted };
    const session = u.searchParams.get('session');
    if (q) {
      searches.push(q);
      sessions.push(session);
    }
    return { ok: true, status: 200, json: async () => body } as Response;
  });
  /** The URL of the widget's last search (not its mount). */
  const lastSearch = () =>
    new URL(
      String(
        fetch.mock.calls
          .map((c) => c[0])
          .filter((u) => new URL(String(u)).searchParams.get('q'))
          .at(-1),
      ),
    );
  return { fetch, events, searches, sessions, lastSearch };
}

function scriptTag(attrs: Record<string, string>): HTMLScriptElement {
  const s = document.createElement('script');
  for (const [k, v] of Object.entries(attrs)) s.setAttribute(k, v);
  return s;
}

const CONFIG = readConfig(
  scriptTag({
    src: 'https://api.sniff.test/widget/saas-embed.js',
    'data-store-id': 'store-1',
    'data-platform': 'custom',
  }),
  'https://shop.example',
)!;

describe('search widget', () => {
  let host: HTMLElement;
  let widget: WidgetHandle;
  let api: ReturnType<typeof fakeApi>;
  let navigate: jest.Mock;
  let beacon: jest.Mock;

  const mount = (
    answer?: Parameters<typeof fakeApi>[0],
    config = CONFIG,
    rules = PAID_RULES,
    mounted: Partial<SearchResponse> = {},
  ) => {
    api = fakeApi(answer, rules, mounted);
    navigate = jest.fn();
    beacon = jest.fn(() => false); // fall back to fetch so every event lands in api.events
    host = document.createElement('div');
    host.id = 'sniff-search';
    document.body.appendChild(host);
    widget = mountWidget(host, config, { fetch: api.fetch as typeof fetch, sendBeacon: beacon, navigate });
  };
  const type = async (text: string) => {
    widget.input.focus();
    widget.input.value = text;
    widget.input.dispatchEvent(new Event('input', { bubbles: true }));
    await jest.advanceTimersByTimeAsync(MIN_GAP_MS + 10);
  };
  const key = (k: string) =>
    widget.input.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
  const options = () => [...widget.root.querySelectorAll<HTMLElement>('[role=option]')];
  const searchEvents = () => api.events.filter((e) => (e as { type: string }).type === 'search');

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    widget?.destroy();
    host?.remove();
    jest.useRealTimers();
  });

  it('mounts inside an open shadow root with a WAI-ARIA combobox', async () => {
    mount();
    expect(host.shadowRoot).toBe(widget.root);
    expect(document.querySelector('input')).toBeNull(); // nothing leaks into the page's DOM
    const input = widget.input;
    expect(input.getAttribute('role')).toBe('combobox');
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    const listbox = widget.root.getElementById(input.getAttribute('aria-controls')!);
    expect(listbox?.getAttribute('role')).toBe('listbox');

    await type('pricng');
    const asked = api.lastSearch();
    expect(`${asked.origin}${asked.pathname}`).toBe('https://api.sniff.test/v1/stores/store-1/search');
    // only as much of each description as the widget shows (Max Description Length, 80 by default)
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      q: 'pricng',
      limit: '8',
      descriptionLength: '80',
      session: expect.stringMatching(/^[\w-]{16}$/),
    });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(options()).toHaveLength(3);
    expect(options()[0].querySelector('mark')?.textContent).toBe('Pricing');
  });

  it('moves through the results with the arrow keys and opens the active one with Enter', async () => {
    mount();
    await type('pric');
    key('ArrowDown');
    expect(widget.input.getAttribute('aria-activedescendant')).toBe(options()[0].id);
    expect(options()[0].getAttribute('aria-selected')).toBe('true');
    key('ArrowDown');
    key('ArrowDown');
    key('ArrowDown'); // wraps around
    expect(widget.input.getAttribute('aria-activedescendant')).toBe(options()[0].id);
    key('ArrowUp');
    expect(widget.input.getAttribute('aria-activedescendant')).toBe(options()[2].id);
    expect(options()[2].getAttribute('aria-selected')).toBe('true');
    expect(options()[0].getAttribute('aria-selected')).toBe('false');
    key('Enter');
    expect(navigate).toHaveBeenCalledWith('https://shop.example/faq');
    expect(widget.input.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens the first result on Enter, closes on Escape, and opens a clicked result', async () => {
    mount();
    await type('pricing');
    key('Escape');
    expect(widget.input.getAttribute('aria-expanded')).toBe('false');
    key('ArrowDown');
    expect(widget.input.getAttribute('aria-expanded')).toBe('true');
    key('ArrowUp');
    key('ArrowDown'); // back on the first
    key('Enter');
    expect(navigate).toHaveBeenLastCalledWith('https://shop.example/pricing');

    await type('pricing plans');
    options()[1].click();
    expect(navigate).toHaveBeenLastCalledWith('https://shop.example/xss');
    // The click names the answer and the result; Sniff knows that result's URL itself.
    expect(api.events).toContainEqual({
      type: 'click',
      query: 'pricing plans',
      searchId: 'sid:pricing plans',
      hitId: 'xss',
    });
  });

  it('opens the first result of a query entered before its answer arrived, unless the visitor types on', async () => {
    mount();
    await jest.advanceTimersByTimeAsync(0);
    const typeNow = (text: string) => {
      widget.input.focus();
      widget.input.value = text;
      widget.input.dispatchEvent(new Event('input', { bubbles: true }));
    };
    typeNow('pricing');
    key('Enter'); // the search is still in flight
    await jest.advanceTimersByTimeAsync(MIN_GAP_MS + 10);
    expect(navigate).toHaveBeenCalledWith('https://shop.example/pricing');

    navigate.mockClear();
    typeNow('faq');
    key('Enter');
    typeNow('faq about'); // typing on after Enter: the visitor has not chosen yet
    await jest.advanceTimersByTimeAsync(MIN_GAP_MS + 10);
    expect(navigate).not.toHaveBeenCalled();
    expect(options()).toHaveLength(3);
  });

  it('offers completions above the results: arrows reach them first, Enter or a click searches for one', async () => {
    mount((q) =>
      q.startsWith('free shipping')
        ? { hits: HITS.slice(2) }
        : { hits: HITS.slice(0, 1), suggestions: ['free shipping', 'free <b>returns</b>', 'fre'] },
    );
    await type('fre');
    const texts = options().map((o) => o.textContent);
    // The typed query itself is not offered back; suggestion text is text, not HTML.
    expect(texts).toEqual(['⌕free shipping', '⌕free <b>returns</b>', expect.stringContaining('Pricing')]);
    expect(widget.root.querySelector('b')).toBeNull();
    expect(options()[0].getAttribute('aria-label')).toBe('Search for free shipping');

    key('ArrowDown');
    expect(widget.input.getAttribute('aria-activedescendant')).toBe(options()[0].id);
    key('Enter');
    expect(widget.input.value).toBe('free shipping');
    await jest.advanceTimersByTimeAsync(10);
    expect(api.searches).toEqual(['fre', 'free shipping']);
    expect(options().map((o) => o.querySelector('.title')?.textContent)).toEqual(['FAQ about pricing']);
    expect(navigate).not.toHaveBeenCalled();

    await type('fre');
    options()[1].click();
    expect(widget.input.value).toBe('free <b>returns</b>');
    // Enter with nothing chosen still opens the first result, not a suggestion.
    await type('fre');
    key('Enter');
    expect(navigate).toHaveBeenLastCalledWith('https://shop.example/pricing');
  });

  it('renders indexed text as text, never as HTML', async () => {
    mount();
    await type('pricing');
    const option = options()[1];
    expect(widget.root.querySelector('img, script')).toBeNull();
    const title = option.querySelector('.title')!;
    expect(title.textContent).toBe('Pricing <img src=x onerror=alert(1)>');
    expect(title.querySelector('mark')?.textContent).toBe('Pricing');
    // Description is cut to the default 80 characters; its highlight still points at "pricing".
    expect(option.querySelector('.desc mark')?.textContent).toBe('pricing');
    expect(option.querySelector('.desc')?.textContent).toBe('<script>alert(2)</script> pricing tricks');
  });

  it('neither shows nor opens a result whose URL is not http(s)', async () => {
    const bad = [
      'javascript:alert(document.cookie)',
      'JaVa\tScRiPt:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '/relative/page',
      'not a url',
    ].map((url, i) => ({ ...HITS[0], id: `bad-${i}`, title: `Pricing trap ${i}`, url }));
    mount((q) => ({ hits: q === 'traps only' ? bad : [...bad.slice(0, 4), HITS[2], ...bad.slice(4)] }));
    await type('pricing');
    expect(options().map((o) => o.querySelector('.title')?.textContent)).toEqual(['FAQ about pricing']);
    key('ArrowDown');
    key('ArrowDown'); // wraps onto the one result there is
    key('Enter');
    expect(navigate.mock.calls).toEqual([['https://shop.example/faq']]);

    await type('traps only');
    expect(options()).toEqual([]);
    expect(widget.root.querySelector('[role=status]')?.textContent).toBe('No results for “traps only”');
    key('Enter');
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(api.events.filter((e) => (e as { type: string }).type === 'click')).toHaveLength(1);
  });

  it("shows the owner's pinned results first with a mark a screen reader reads, and no mark on the others", async () => {
    mount(() => ({ hits: [{ ...HITS[2], pinned: true }, HITS[0]] }));
    await type('pricing');
    const [pinned, other] = options();
    expect(pinned.querySelector('.title')?.textContent).toBe('FAQ about pricing');
    expect(pinned.querySelector('.badge')?.textContent).toBe(PINNED_TEXT);
    // The mark is text inside the option, so it is part of what the option says aloud.
    expect(pinned.textContent).toContain('Recommended');
    expect(other.querySelector('.badge')).toBeNull();
    key('Enter');
    expect(navigate.mock.calls).toEqual([['https://shop.example/faq']]);
  });

  it('says in words that a result was found by meaning (AI search), not on the others', async () => {
    mount(() => ({ hits: [HITS[0], { ...HITS[2], semantic: true }] }));
    await type('couch');
    const [typed, byMeaning] = options();
    expect(typed.querySelector('.badge')).toBeNull();
    expect(byMeaning.querySelector('.badge')?.textContent).toBe(SEMANTIC_TEXT);
    expect(byMeaning.textContent).toContain('Similar meaning');
  });

  it("shows the owner's short answer as a card with its link, as text, reachable by keyboard", async () => {
    const answer = { text: '<img src=x onerror=alert(1)> Open 9–17', url: 'https://shop.example/contact' };
    mount((q) =>
      q === 'hours'
        ? { hits: [HITS[0]], answer }
        : q === 'trap'
          ? { answer: { text: 'x', url: 'javascript:alert(1)' } }
          : {},
    );
    await type('hours');
    const [card, hit] = options();
    expect(card.classList.contains('answer')).toBe(true);
    expect(card.querySelector('.answer-text')?.textContent).toBe(answer.text);
    expect(card.querySelector('.answer-link')?.textContent).toBe('Learn more on shop.example');
    expect(widget.root.querySelector('img, script')).toBeNull();
    expect(hit.querySelector('.title')?.textContent).toBe('Pricing');
    key('ArrowDown');
    expect(card.getAttribute('aria-selected')).toBe('true');
    key('Enter');
    expect(navigate.mock.calls).toEqual([['https://shop.example/contact']]);

    // A link that is not http(s) is never shown nor opened.
    await type('trap');
    expect(options()).toEqual([]);
    expect(widget.root.querySelector('[role=status]')?.textContent).toBe('No results for “trap”');
  });

  it('cuts long titles and hides descriptions when asked', async () => {
    const config = { ...CONFIG, maxTitleLength: 10, showDescription: false };
    mount(
      () => ({
        hits: [
          { ...HITS[2], title: 'A very long title about pricing', highlight: { title: [[20, 31]], description: [] } },
        ],
      }),
      config,
    );
    await type('pricing');
    expect(options()[0].querySelector('.title')?.textContent).toBe('A very lo…');
    expect(options()[0].querySelector('mark')).toBeNull();
    expect(options()[0].querySelector('.desc')).toBeNull();
    // no descriptions shown: none asked for
    expect(api.lastSearch().searchParams.get('descriptionLength')).toBe('0');
  });

  it('shows "Did you mean" and the empty state', async () => {
    mount((q) => (q === 'pricnig' ? { hits: HITS.slice(0, 1), correctedQuery: 'pricing' } : { hits: [] }));
    await type('pricnig');
    expect(widget.root.querySelector('.did-you-mean')?.textContent).toBe('Did you mean: pricing');
    await type('zzzz');
    expect(widget.root.querySelector('[role=status]')?.textContent).toBe('No results for “zzzz”');
    expect(widget.input.getAttribute('aria-expanded')).toBe('true');
  });

  it("on a site that is not among the store's allowed sites, says so in its own box and sends nothing more", async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const refused = jest.fn(
        async () =>
          ({
            ok: false,
            status: 403,
            headers: new Headers(),
            json: async () => ({ statusCode: 403, message: 'This site is not among the store’s allowed sites' }),
          }) as Response,
      );
      widget = mountWidget(host, CONFIG, { fetch: refused as unknown as typeof fetch, navigate: jest.fn() });
      await jest.advanceTimersByTimeAsync(0);
      expect(widget.input.placeholder).toBe('Search is not available on this site.');
      expect(widget.input.getAttribute('aria-label')).toBe('Search is not available on this site.');
      expect(widget.input.readOnly).toBe(true);
      expect(widget.input.getAttribute('aria-disabled')).toBe('true');
      // The site's owner learns why in the console.
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('Allowed sites'));
    } finally {
      warn.mockRestore();
    }
  });

  it('says "Search is temporarily unavailable." in its own box once the month\'s searches are used, and throws nothing', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const thrown = jest.fn();
    process.on('unhandledRejection', thrown);
    try {
      const over = { hits: [], unavailable: { reason: 'quota' as const }, searchId: undefined };
      mount(() => over, CONFIG, PAID_RULES, { unavailable: { reason: 'quota' } });
      await jest.advanceTimersByTimeAsync(0);
      // The widget mounting is told at once: the box shows it where the placeholder would be.
      expect(widget.root.querySelector('.bar')!.classList.contains('pending')).toBe(false);
      expect(widget.input.placeholder).toBe('Search is temporarily unavailable.');

      await type('pricing');
      expect(widget.root.querySelector('[role=status]')!.textContent).toBe('Search is temporarily unavailable.');
      expect(options()).toEqual([]);
      expect(widget.input.getAttribute('aria-expanded')).toBe('true');
      key('Enter');
      await jest.advanceTimersByTimeAsync(SETTLE_MS + 10);
      expect(navigate).not.toHaveBeenCalled();
      expect(searchEvents()).toEqual([]); // nothing to settle on, so nothing more is counted
      expect(host.childNodes).toHaveLength(0); // nothing added to the host page's own DOM
      expect(errors).not.toHaveBeenCalled();
      expect(thrown).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', thrown);
      errors.mockRestore();
    }
  });

  it('searches on the first key at once, one request at a time, and never paints a stale answer', async () => {
    mount((q) => ({ hits: HITS.filter((h) => h.title.toLowerCase().includes(q.slice(0, 3))) }));
    // Hold every answer until the test releases it, to type while a search is in flight.
    const held: (() => void)[] = [];
    const answer = api.fetch.getMockImplementation()!;
    api.fetch.mockImplementation((url, init) => new Promise((done) => held.push(() => done(answer(url, init)))));
    const input = (text: string) => {
      widget.input.value = text;
      widget.input.dispatchEvent(new Event('input'));
    };
    input('p');
    await jest.advanceTimersByTimeAsync(0);
    expect(held).toHaveLength(1); // no waiting for the typist to pause
    input('pr');
    input('pri');
    input('faq');
    await jest.advanceTimersByTimeAsync(MIN_GAP_MS);
    expect(held).toHaveLength(1); // the keys typed meanwhile wait for the answer in flight
    held.shift()!();
    await jest.advanceTimersByTimeAsync(MIN_GAP_MS);
    // The answer for "p" is stale: not painted; only the latest text goes out next.
    expect(options()).toHaveLength(0);
    expect(held).toHaveLength(1);
    held.shift()!();
    await jest.advanceTimersByTimeAsync(0);
    expect(api.searches).toEqual(['p', 'faq']);
    expect(options().map((o) => o.textContent)).toEqual([expect.stringContaining('FAQ about pricing')]);
  });

  it('records one search intent per settled query, not per keystroke', async () => {
    mount();
    await type('p');
    await type('pr');
    await type('pric');
    await type('pricng');
    expect(searchEvents()).toEqual([]);
    await jest.advanceTimersByTimeAsync(SETTLE_MS);
    expect(searchEvents()).toEqual([{ type: 'search', query: 'pricng', searchId: 'sid:pricng' }]);
    // Closing or leaving again does not count it twice.
    widget.input.blur();
    key('Escape');
    await jest.advanceTimersByTimeAsync(SETTLE_MS * 2);
    expect(searchEvents()).toHaveLength(1);

    // A new query settled with Enter counts at once; the click that follows is its own event.
    await type('faq');
    await type('faq about');
    key('Enter');
    expect(searchEvents()).toEqual([
      { type: 'search', query: 'pricng', searchId: 'sid:pricng' },
      { type: 'search', query: 'faq about', searchId: 'sid:faq about' },
    ]);
    expect(api.events.at(-1)).toEqual({
      type: 'click',
      query: 'faq about',
      searchId: 'sid:faq about',
      hitId: 'pricing',
    });
  });

  it('names the query being typed in every keystroke, and a new one after it settles or the box is cleared', async () => {
    mount();
    await type('p');
    await type('pr');
    await type('pric');
    // One query: one id on every keystroke, so its answers count as one search.
    const [first] = api.sessions;
    expect(first).toMatch(/^[\w-]{16}$/);
    expect(api.sessions).toEqual([first, first, first]);
    expect(api.lastSearch().search.endsWith(`&session=${first}`)).toBe(true); // last, for the gateway's cache key
    await jest.advanceTimersByTimeAsync(SETTLE_MS); // the visitor settled on "pric"
    await type('pricing');
    await type('pricing plans');
    // A new query, a new search.
    const [, second] = new Set(api.sessions);
    expect(second).toMatch(/^[\w-]{16}$/);
    expect(api.sessions.slice(3)).toEqual([second, second]);
    // Clearing the box ends it too, and the query cleared is recorded as the search it was counted as.
    await type('');
    await type('f');
    expect(new Set(api.sessions).size).toBe(3);
    expect(searchEvents().map((e) => (e as { query: string }).query)).toEqual(['pric', 'pricing plans']);
  });

  it('counts seven queries typed over one another without a pause as seven searches, in the timeline too (issue 31)', async () => {
    mount();
    const queries = ['pricing', 'faq', 'about', 'cafe', 'menu', 'hours', 'delivery'];
    for (const q of queries) {
      // Typed over the last query (select all, type), letter by letter, never pausing for SETTLE_MS.
      for (let n = 1; n <= q.length; n++) await type(q.slice(0, n));
    }
    key('Enter'); // opens the first result of the last one: a click, no further search
    expect(new Set(api.sessions).size).toBe(queries.length);
    expect(searchEvents().map((e) => (e as { query: string }).query)).toEqual(queries);
    expect(api.events.filter((e) => (e as { type: string }).type === 'click')).toHaveLength(1);
  });

  it('keeps one query id while the visitor corrects or deletes back within the query', async () => {
    mount();
    for (const text of ['pric', 'pricng', 'pric', 'pricing', 'p', 'plans']) await type(text);
    expect(new Set(api.sessions).size).toBe(1);
    expect(searchEvents()).toEqual([]);
  });

  it('records zero-result intents when the visitor closes the box', async () => {
    mount(() => ({ hits: [] }));
    await type('gift cards');
    widget.input.blur();
    expect(searchEvents()).toEqual([{ type: 'search', query: 'gift cards', searchId: 'sid:gift cards' }]);
  });

  it('uses sendBeacon with a JSON text body when the page is left', async () => {
    mount();
    beacon.mockImplementation(() => true);
    await type('pricing');
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledWith(
      'https://api.sniff.test/v1/stores/store-1/events',
      JSON.stringify({ type: 'search', query: 'pricing', searchId: 'sid:pricing' }),
    );
    expect(searchEvents()).toEqual([]);
  });
});

describe("the store's plan, whatever the snippet says", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** A snippet an owner edited by hand to a look their plan does not include. */
  const EDITED = readConfig(
    scriptTag({
      src: 'https://api.sniff.test/widget/saas-embed.js',
      'data-store-id': 'store-free',
      'data-size': 'huge',
      'data-search-placeholder': 'Ask us anything',
    }),
    'https://shop.example',
  )!;
  const mountWith = (fetch: jest.Mock) => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const widget = mountWidget(host, EDITED, {
      fetch: fetch as unknown as typeof globalThis.fetch,
      navigate: jest.fn(),
    });
    const look = () => ({
      hidden: widget.root.querySelector('.bar')!.classList.contains('pending'),
      width: /max-width: (\d+)px/.exec(widget.root.querySelector('style')!.textContent!)![1],
      placeholder: widget.input.placeholder,
      label: widget.input.getAttribute('aria-label'),
    });
    return { widget, host, look };
  };

  it('keeps a free store to the small and medium sizes and the fixed placeholder', async () => {
    const { widget, host, look } = mountWith(fakeApi(undefined, FREE).fetch);
    // Until the store's rules are in, the bar keeps its place but shows nothing.
    expect(look().hidden).toBe(true);
    await jest.advanceTimersByTimeAsync(0);
    expect(look()).toEqual({ hidden: false, width: '480', placeholder: FREE_PLACEHOLDER, label: FREE_PLACEHOLDER });
    widget.destroy();
    host.remove();
  });

  it('shows a paid store as its snippet says', async () => {
    const { widget, host, look } = mountWith(fakeApi(undefined, PAID_RULES).fetch);
    await jest.advanceTimersByTimeAsync(0);
    expect(look()).toEqual({ hidden: false, width: '960', placeholder: 'Ask us anything', label: 'Ask us anything' });
    widget.destroy();
    host.remove();
  });

  it("takes the free plan's rules when the API cannot be reached or says nothing", async () => {
    for (const fetch of [
      jest.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
      jest.fn(async () => ({ ok: false, status: 503, json: async () => ({}) })),
      jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ query: '', hits: [], suggestions: [] }) })),
    ]) {
      const { widget, host, look } = mountWith(fetch);
      await jest.advanceTimersByTimeAsync(0);
      expect(look()).toMatchObject({ hidden: false, width: '480', placeholder: FREE_PLACEHOLDER });
      widget.destroy();
      host.remove();
    }
  });
});

describe('settings saved in the dashboard', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const SAVED = {
    size: 'small' as const,
    rounded: false,
    displayFormat: 'list' as const,
    searchBarTextColor: '#111111',
    searchBarBorderColor: '#aa0000',
    searchBarBackground: '#fafafa',
    searchPlaceholder: 'Find a talk',
    maxTitleLength: 50,
    maxDescriptionLength: 80,
    showDescription: true,
    showPrice: true,
  };
  /** A snippet made at `version` saying size large and a placeholder, nothing of colours. */
  const snippet = (version?: number, extra: Record<string, string> = {}) =>
    readConfig(
      scriptTag({
        src: 'https://api.sniff.test/widget/saas-embed.js',
        'data-store-id': 'store-1',
        'data-platform': 'custom',
        'data-size': 'large',
        'data-search-placeholder': 'Search the shop',
        ...(version ? { 'data-settings-version': String(version) } : {}),
        ...extra,
      }),
      'https://shop.example',
    )!;
  const mountSaved = async (config: WidgetConfig, rules: WidgetRules, savedVersion: number) => {
    const api = fakeApi(undefined, { ...rules, saved: { settings: SAVED, version: savedVersion } });
    const host = document.createElement('div');
    document.body.appendChild(host);
    const widget = mountWidget(host, config, { fetch: api.fetch as typeof fetch, navigate: jest.fn() });
    await jest.advanceTimersByTimeAsync(0);
    const css = widget.root.querySelector('style')!.textContent!;
    const look = {
      width: /max-width: (\d+)px/.exec(css)![1],
      border: css.includes('#aa0000'),
      placeholder: widget.input.placeholder,
    };
    return { api, widget, host, look };
  };

  it('shows settings saved after the snippet was made, without a new snippet', async () => {
    for (const config of [snippet(), snippet(1)]) {
      const { widget, host, look } = await mountSaved(config, PAID_RULES, 2);
      expect(look).toEqual({ width: '320', border: true, placeholder: 'Find a talk' });
      widget.destroy();
      host.remove();
    }
  });

  it("lets a current snippet's own attributes win, and fills in the rest from the saved settings", async () => {
    const { widget, host, look } = await mountSaved(snippet(2), PAID_RULES, 2);
    expect(look).toEqual({ width: '640', border: true, placeholder: 'Search the shop' });
    widget.destroy();
    host.remove();
  });

  it('keeps a free store within its plan whatever was saved or written', async () => {
    const { widget, host, look } = await mountSaved(snippet(3, { 'data-size': 'huge' }), FREE, 3);
    expect(look).toEqual({ width: '480', border: true, placeholder: FREE_PLACEHOLDER });
    widget.destroy();
    host.remove();
  });

  it('records no analytics in the dashboard preview (data-preview)', async () => {
    const { api, widget, host } = await mountSaved(snippet(1, { 'data-preview': '' }), PAID_RULES, 1);
    widget.input.value = 'pricing';
    widget.input.dispatchEvent(new Event('input'));
    await jest.advanceTimersByTimeAsync(SETTLE_MS + 10);
    widget.input.blur();
    expect(api.searches).toEqual(['pricing']);
    expect(api.events).toEqual([]);
    widget.destroy();
    host.remove();
  });
});

describe('embed script', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('finds its script tag, creates the container before it and mounts there', async () => {
    const script = scriptTag({
      src: 'https://widget.sniff.test/widget/saas-embed.js',
      'data-store-id': 'store-9',
      'data-platform': 'custom',
      'data-size': 'large',
      'data-search-placeholder': 'Search by Shop',
    });
    const wrapper = document.createElement('section');
    wrapper.appendChild(script);
    document.body.appendChild(wrapper);
    const fetchMock = fakeApi().fetch;
    Object.assign(window, { fetch: fetchMock });
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require('./index');
    });
    const host = document.getElementById('sniff-search')!;
    expect(host.nextElementSibling).toBe(script);
    // It asks for its store's rules (a paid store here), then shows the snippet's look.
    expect(new URL(String(fetchMock.mock.calls[0]![0])).href).toBe(
      'https://widget.sniff.test/v1/stores/store-9/search?q=&limit=1',
    );
    await jest.advanceTimersByTimeAsync(0);
    const input = host.shadowRoot!.querySelector('input')!;
    expect(input.placeholder).toBe('Search by Shop');
    expect(host.shadowRoot!.querySelector('style')!.textContent).toContain('max-width: 640px');
    // Searching comes in the second script, from beside this one (two-scripts.test.ts).
    await jest.advanceTimersByTimeAsync(1);
    const rest = document.head.querySelector('script[src="https://widget.sniff.test/widget/search.js"]');
    expect(rest).not.toBeNull();
    rest!.remove();
    host.remove();
  });

  it('ignores colours that are not colours', () => {
    const config = readConfig(
      scriptTag({
        'data-store-id': 's',
        'data-search-text-color': 'red;}body{display:none',
        'data-search-bar-color': '#123456',
      }),
      'https://x.example',
    )!;
    expect(config.textColor).toBeUndefined();
    expect(config.borderColor).toBe('#123456');
    expect(config.apiOrigin).toBe('https://x.example');
  });
});

describe('catalogue results: cards, images and prices', () => {
  let host: HTMLElement;
  let widget: WidgetHandle;

  const PRODUCTS: SearchResponse['hits'] = [
    {
      id: 'loaf',
      title: 'Sourdough Loaf',
      description: 'Slow-fermented country bread',
      url: 'https://bakery.example/products/loaf',
      price: 1234.5,
      imageUrl: 'https://cdn.example/loaf.jpg',
      highlight: { title: [[0, 9]], description: [] },
    },
    {
      id: 'bun',
      title: 'Cinnamon Bun',
      description: 'With cardamom',
      url: 'https://bakery.example/products/bun',
      price: 3,
      highlight: { title: [], description: [] },
    },
  ];
  const TEXT_ONLY = PRODUCTS.map(({ imageUrl: _imageUrl, ...hit }) => hit);

  const config = (attrs: Record<string, string>) =>
    readConfig(
      scriptTag({
        src: 'https://api.sniff.test/widget/embed.js',
        'data-store-id': 'shop-1',
        'data-platform': 'shopify',
        ...attrs,
      }),
      'https://bakery.example',
    )!;
  const show = async (hits: SearchResponse['hits'], attrs: Record<string, string> = {}) => {
    const api = fakeApi(() => ({ hits }));
    host = document.createElement('div');
    document.body.appendChild(host);
    widget = mountWidget(host, config(attrs), { fetch: api.fetch as typeof fetch, navigate: jest.fn() });
    widget.input.focus();
    widget.input.value = 'bread';
    widget.input.dispatchEvent(new Event('input'));
    await jest.advanceTimersByTimeAsync(MIN_GAP_MS + 10);
  };
  const listbox = () => widget.root.querySelector('[role=listbox]')!;
  const options = () => [...widget.root.querySelectorAll<HTMLElement>('[role=option]')];
  const images = () => [...widget.root.querySelectorAll('img')];

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    widget?.destroy();
    host?.remove();
    document.documentElement.removeAttribute('lang');
    jest.useRealTimers();
  });

  it('reads data-display-format; custom sites are always a list', () => {
    expect(config({}).displayFormat).toBe('list');
    expect(config({ 'data-display-format': 'cards' }).displayFormat).toBe('cards');
    expect(config({ 'data-display-format': 'auto' }).displayFormat).toBe('auto');
    expect(config({ 'data-display-format': 'grid' }).displayFormat).toBe('list');
    expect(config({ 'data-platform': 'custom', 'data-display-format': 'cards' }).displayFormat).toBe('list');
    expect(config({}).showPrice).toBe(true);
    expect(config({ 'data-show-price': 'false' }).showPrice).toBe(false);
  });

  it('shows cards with a lazy, decorative image, the title, description and a formatted price', async () => {
    await show(PRODUCTS, { 'data-display-format': 'cards' });
    expect(listbox().getAttribute('class')).toBe('cards');
    const [loaf, bun] = options();
    const img = loaf!.querySelector('img')!;
    expect(img.src).toBe('https://cdn.example/loaf.jpg');
    expect(img.getAttribute('alt')).toBe('');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['160', '120']);
    expect(loaf!.querySelector('.title')?.textContent).toBe('Sourdough Loaf');
    expect(loaf!.querySelector('.title mark')?.textContent).toBe('Sourdough');
    expect(loaf!.querySelector('.desc')?.textContent).toBe('Slow-fermented country bread');
    expect(loaf!.querySelector('.price')?.textContent).toBe('Price: 1,234.50');
    // No image: an empty frame keeps the cards even, and no <img> is made.
    expect(bun!.querySelector('img')).toBeNull();
    expect(bun!.querySelector('.media')?.getAttribute('aria-hidden')).toBe('true');
    expect(bun!.querySelector('.price')?.textContent).toBe('Price: 3.00');
    // Still a combobox: arrows move through the cards.
    widget.input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }));
    widget.input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }));
    expect(widget.input.getAttribute('aria-activedescendant')).toBe(bun!.id);
    // A broken image leaves its frame empty.
    img.dispatchEvent(new Event('error'));
    expect(img.classList.contains('broken')).toBe(true);
  });

  it('shows a list without images when results have none, prices still formatted', async () => {
    await show(TEXT_ONLY);
    expect(listbox().getAttribute('class')).toBe('list');
    expect(images()).toEqual([]);
    expect(widget.root.querySelectorAll('.media')).toHaveLength(0);
    expect(options().map((o) => o.querySelector('.price')?.textContent)).toEqual(['Price: 1,234.50', 'Price: 3.00']);
  });

  it('in a list, an image is a small thumbnail', async () => {
    await show(PRODUCTS, { 'data-display-format': 'list' });
    expect(listbox().getAttribute('class')).toBe('list');
    expect(images()).toHaveLength(1);
    expect([images()[0]!.getAttribute('width'), images()[0]!.getAttribute('height')]).toEqual(['40', '40']);
  });

  it('auto: cards when the results carry images, else a list', async () => {
    await show(PRODUCTS, { 'data-display-format': 'auto' });
    expect(listbox().getAttribute('class')).toBe('cards');
    widget.destroy();
    host.remove();
    await show(TEXT_ONLY, { 'data-display-format': 'auto' });
    expect(listbox().getAttribute('class')).toBe('list');
  });

  it('hides prices with data-show-price="false"', async () => {
    await show(PRODUCTS, { 'data-display-format': 'cards', 'data-show-price': 'false' });
    expect(widget.root.querySelector('.price')).toBeNull();
    expect(options()[0]!.textContent).not.toContain('1,234');
  });

  it('writes prices as the page’s language does, and leaves out one that is not a number', async () => {
    document.documentElement.lang = 'de-DE';
    await show([{ ...PRODUCTS[0]!, price: Number.NaN }, PRODUCTS[0]!]);
    expect(options().map((o) => o.querySelector('.price')?.textContent ?? null)).toEqual([null, 'Price: 1.234,50']);
    widget.destroy();
    host.remove();
    document.documentElement.lang = 'not a language tag!';
    await show(TEXT_ONLY);
    expect(options()[0]!.querySelector('.price')?.textContent).toBe('Price: 1,234.50');
  });

  it('never makes an <img src> of an image URL that is not http(s)', async () => {
    const traps = [
      'javascript:alert(document.cookie)',
      'JaVa\tScRiPt:alert(1)',
      ' javascript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      '//evil.example/x.png',
      '/relative.png',
      '"><img src=x onerror=alert(1)>',
    ];
    await show(
      traps.map((imageUrl, i) => ({ ...PRODUCTS[0]!, id: `trap-${i}`, imageUrl })),
      { 'data-display-format': 'cards' },
    );
    expect(options()).toHaveLength(traps.length);
    expect(images()).toEqual([]);
    expect(widget.root.querySelector('[src]')).toBeNull();
    // auto sees no usable image either: a list.
    widget.destroy();
    host.remove();
    await show(
      traps.map((imageUrl, i) => ({ ...PRODUCTS[0]!, id: `trap-${i}`, imageUrl })),
      { 'data-display-format': 'auto' },
    );
    expect(listbox().getAttribute('class')).toBe('list');
    expect(images()).toEqual([]);
  });
});
