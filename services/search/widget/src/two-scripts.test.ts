/** @jest-environment jsdom */
import type { SearchResponse } from '@sniff/contracts';
import { attach } from './attach';
import { mountBar } from './bar';
import type { Bar } from './context';
import { readConfig } from './config';
import { loadRest, RETRY_MS, type RestScript } from './load-rest';
import { FAILED_TEXT } from './texts';

const FIRST = 'https://api.sniff.test/widget/saas-embed.js';
const REST = 'https://api.sniff.test/widget/search.js';
const tag = document.createElement('script');
tag.src = FIRST;
tag.dataset.storeId = 'store-1';
const CONFIG = readConfig(tag, 'https://shop.example')!;

/** The first script on a page (the bar and the loader), the second not arrived yet. */
function firstScript() {
  const searches: string[] = [];
  const fetch = jest.fn(async (url: string | URL | Request) => {
    const q = new URL(String(url)).searchParams.get('q') ?? '';
    if (q) searches.push(q);
    const hits: SearchResponse['hits'] = q
      ? [
          {
            id: 'p',
            title: 'Pricing',
            description: '',
            url: 'https://shop.example/p',
            highlight: { title: [], description: [] },
          },
        ]
      : [];
    const body: SearchResponse = { query: q, hits, suggestions: [], tookMs: 1, searchId: `sid:${q}` };
    return { ok: true, status: 200, json: async () => body } as Response;
  });
  const host = document.createElement('div');
  document.body.appendChild(host);
  const navigate = jest.fn();
  const bar: Bar = mountBar(host, CONFIG, { fetch: fetch as typeof window.fetch, navigate });
  loadRest(bar, REST);
  const { input, panel, status } = bar;
  return {
    host,
    input,
    panel,
    status,
    searches,
    navigate,
    restTags: () => [...document.head.querySelectorAll<RestScript>(`script[src="${REST}"]`)],
    type: (text: string) => {
      input.focus();
      input.value = text;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
  };
}

describe('the embed script in two parts', () => {
  let page: ReturnType<typeof firstScript>;

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    page.host.remove();
    document.head.replaceChildren();
    delete (window as Partial<Window>).requestIdleCallback;
    jest.useRealTimers();
  });

  it('loads the second script once the page is idle', async () => {
    page = firstScript();
    expect(page.restTags()).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1); // no requestIdleCallback in jsdom: the setTimeout fallback
    expect(page.restTags()).toHaveLength(1);
  });

  it('or at the first focus if that comes first, once', () => {
    const idle = jest.fn();
    window.requestIdleCallback = idle;
    page = firstScript();
    expect(page.restTags()).toHaveLength(0);
    page.input.focus();
    expect(page.restTags()).toHaveLength(1);
    idle.mock.calls[0]![0]();
    page.type('p');
    expect(page.restTags()).toHaveLength(1);
  });

  it('keeps what was typed before the second script arrived and searches for it when it lands', async () => {
    page = firstScript();
    page.type('pri');
    page.type('pricing');
    await jest.advanceTimersByTimeAsync(100);
    expect(page.searches).toEqual([]);
    const [rest] = page.restTags();
    rest!.sniffAttach!(attach); // what rest.ts does as it runs
    rest!.dispatchEvent(new Event('load'));
    await jest.advanceTimersByTimeAsync(0);
    expect(page.searches).toEqual(['pricing']);
    expect(page.input.getAttribute('aria-expanded')).toBe('true');
    expect(page.panel.querySelectorAll('[role=option]')).toHaveLength(1);
    expect(page.restTags()).toHaveLength(0); // its tag is not left behind
    page.type('pricing plans');
    await jest.advanceTimersByTimeAsync(100);
    expect(page.searches).toEqual(['pricing', 'pricing plans']);
  });

  it('says search is unavailable while there is text in the box when the second script cannot be loaded', async () => {
    page = firstScript();
    page.input.focus();
    page.restTags()[0]!.dispatchEvent(new Event('error'));
    expect(page.panel.hidden).toBe(true); // nothing typed yet: nothing to say
    page.type('pricing');
    expect(page.status.textContent).toBe(FAILED_TEXT);
    expect(page.status.getAttribute('role')).toBe('status');
    expect(page.panel.hidden).toBe(false);
    expect(page.input.getAttribute('aria-expanded')).toBe('true');
    page.type('');
    expect(page.panel.hidden).toBe(true);
    page.type('pricing');
    page.input.blur();
    await jest.advanceTimersByTimeAsync(0);
    expect(page.panel.hidden).toBe(true);
    expect(page.input.getAttribute('aria-expanded')).toBe('false');
    expect(page.searches).toEqual([]);
  });

  it('opens the first result of a query entered before the second script arrived, once it lands', async () => {
    page = firstScript();
    page.type('pricing');
    const enter = new KeyboardEvent('keydown', { key: 'Enter', cancelable: true });
    page.input.dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(true); // no form around the bar is submitted meanwhile
    const [rest] = page.restTags();
    rest!.sniffAttach!(attach);
    await jest.advanceTimersByTimeAsync(0);
    expect(page.searches).toEqual(['pricing']);
    expect(page.navigate).toHaveBeenCalledWith('https://shop.example/p');
  });

  it('tries a failed second script again, and searches what was typed when it lands', async () => {
    page = firstScript();
    page.input.focus();
    page.restTags()[0]!.dispatchEvent(new Event('error'));
    page.type('pricing');
    expect(page.status.textContent).toBe(FAILED_TEXT);
    expect(page.restTags()).toHaveLength(0); // no new try at once: the next waits
    await jest.advanceTimersByTimeAsync(RETRY_MS);
    const [again] = page.restTags();
    expect(again).toBeDefined();
    again!.sniffAttach!(attach);
    await jest.advanceTimersByTimeAsync(0);
    expect(page.searches).toEqual(['pricing']);
    expect(page.status.textContent).not.toBe(FAILED_TEXT);
    expect(page.panel.querySelectorAll('[role=option]')).toHaveLength(1);
  });

  it('gives up trying by itself after a few failures, and tries again at the next key once the wait is over', async () => {
    page = firstScript();
    page.input.focus();
    let tries = 0;
    for (; page.restTags().length && tries < 10; tries++) {
      page.restTags()[0]!.dispatchEvent(new Event('error'));
      await jest.advanceTimersByTimeAsync(60_000);
    }
    expect(tries).toBe(4); // the first load and three retries
    page.type('pricing');
    expect(page.restTags()).toHaveLength(1);
  });
});
