import { expect, test } from '@playwright/test';
import { serveCustomerPage } from '../support/fixture-site';
import { KEYSTROKE_TO_PAINT_P95_MS } from './budget';
import { BENCH_STORE, createIndexedStore, percentile, signIn } from './support';

/** What a visitor types on the demo bakery's site, at a fast typist's pace. */
const QUERIES = [
  'sourdough',
  'croissant',
  'pricing',
  'cardamom buns',
  'subscription',
  'catering',
  'menu',
  'coffee',
  'starter',
  'seeded rye',
  'brown butter cookies',
  'afternoon tea',
  'wedding',
  'opening hours',
  'mill lane',
  'pastries',
];
const KEY_DELAY_MS = 70; // about 14 keys a second

declare global {
  interface Window {
    __bench: {
      inputs: { v: string; t: number }[];
      answers: { q: string; t: number }[];
      paints: { q: string; t: number }[];
    };
  }
}

/**
 * Keystroke to painted results, in Chromium, on loopback: for each key, the time until the widget
 * paints results for that text or a later one (a stale answer is never painted). Also the search
 * requests sent against keys typed.
 */
test('widget: results painted after each keystroke', async ({ page, browser }) => {
  await signIn(page);
  const snippet = await createIndexedStore(page, BENCH_STORE);
  const site = await serveCustomerPage(snippet);
  const visitor = await browser.newContext();
  await visitor.addInitScript(() => {
    const bench: Window['__bench'] = { inputs: [], answers: [], paints: [] };
    window.__bench = bench;
    // Each search answer, when the widget has read it (it renders at once, unless it is stale).
    const fetch = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const res = await fetch(input, init);
      const url = new URL(String(input instanceof Request ? input.url : input), location.href);
      const q = url.pathname.endsWith('/search') ? url.searchParams.get('q') : null;
      if (q) {
        const json = res.json.bind(res);
        res.json = async () => {
          const body = await json();
          bench.answers.push({ q, t: performance.now() });
          return body;
        };
      }
      return res;
    };
    document.addEventListener(
      'input',
      (e) => bench.inputs.push({ v: (e.composedPath()[0] as HTMLInputElement).value, t: performance.now() }),
      true,
    );
    // A change of the results list is painted in the next frame.
    const watch = () => {
      const list = document.getElementById('sniff-search')?.shadowRoot?.querySelector('[role=listbox]');
      if (!list) return void setTimeout(watch, 20);
      new MutationObserver(() => {
        const q = bench.answers.at(-1)?.q ?? '';
        requestAnimationFrame(() => bench.paints.push({ q, t: performance.now() }));
      }).observe(list, { childList: true });
    };
    document.addEventListener('DOMContentLoaded', watch);
  });
  try {
    const customer = await visitor.newPage();
    await customer.goto(site.url);
    const box = customer.getByRole('combobox');
    await expect(box).toBeVisible();
    for (const query of QUERIES) {
      await box.fill('');
      await box.pressSequentially(query, { delay: KEY_DELAY_MS });
      await customer.waitForTimeout(300);
    }
    const { inputs, answers, paints } = await customer.evaluate(() => window.__bench);
    const typed = inputs.filter((i) => i.v.trim());
    const latencies: number[] = [];
    let missed = 0;
    typed.forEach((key, k) => {
      const paint = paints.find((p) => {
        if (p.t < key.t) return false;
        // The text that answer was for: the latest key with that text typed before the paint.
        const j = typed.findLastIndex((i) => i.v === p.q && i.t <= p.t);
        return j >= k;
      });
      if (paint) latencies.push(paint.t - key.t);
      else missed += 1;
    });
    const p50 = percentile(latencies, 50);
    const p95 = percentile(latencies, 95);
    console.log(
      `\nwidget keystroke to paint (${typed.length} keys, ${QUERIES.length} queries, ${KEY_DELAY_MS} ms apart): ` +
        `p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms; ` +
        `${answers.length} searches sent for ${typed.length} keys; ${missed} keys never painted`,
    );
    expect(missed).toBe(0);
    expect(answers.length).toBeLessThanOrEqual(typed.length);
    expect(p95).toBeLessThanOrEqual(KEYSTROKE_TO_PAINT_P95_MS);
  } finally {
    await visitor.close();
    await site.close();
  }
});
