import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { SHOP_DOCUMENTS } from './fixtures';
import { RERANK } from './ranking';
import { sniffEngine } from './sniff-index';
import { madeUpShop, warmUpQueries } from './warm-up';

/** The built engine: V8's view of compiled code is what this checks, so it runs the code a worker runs. */
const ENGINE = resolve(__dirname, '../../dist/engine');

/**
 * A worker's life in a child process under V8's deoptimization trace: it may warm up, then serves another shop
 * (loaded from its snapshot) one query two thousand times over, so V8 compiles the engine for that one shape,
 * then visitors type their queries key by key. Returns each place in the engine where compiled code met a
 * branch it had never seen run ("Insufficient type feedback"), as "reason at file:line".
 */
function unseenBranches(warm: boolean): string[] {
  const script = `
    const { sniffEngine } = require(${JSON.stringify(`${ENGINE}/sniff-index.js`)});
    const { warmUpQueries, madeUpShop } = require(${JSON.stringify(`${ENGINE}/warm-up.js`)});
    if (${warm}) warmUpQueries(sniffEngine);
    const index = sniffEngine.load(sniffEngine.build(madeUpShop(11)).serialize());
    for (let i = 0; i < 2000; i++) index.search('lamp', { limit: 5 });
    console.log('--- visitors');
    for (const typed of ['wooden lamp', 'oak pillowcase honey', 'cermaic bowl', 'berry jam', "women's scarf", 'in a'])
      for (let n = 1; n <= typed.length; n++) index.search(typed.slice(0, n), { limit: 5 });
  `;
  const run = spawnSync(process.execPath, ['--trace-deopt-verbose', '-e', script], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  expect(run.status).toBe(0);
  const visitors = run.stdout.split('--- visitors')[1] ?? '';
  const found: string[] = [];
  for (const [, reason, at] of visitors.matchAll(
    /\[bailout \(kind: [^,]+, reason: ([^)]*)\)[^\n]*\n\s*;;; deoptimize at <([^>]*)>/g,
  )) {
    if (reason.startsWith('Insufficient type feedback') && at.includes(`${ENGINE}/`)) {
      found.push(`${reason} at ${at.slice(ENGINE.length + 1)}`);
    }
  }
  return found;
}

describe('the warm-up at a worker start', () => {
  beforeAll(() => {
    if (!existsSync(`${ENGINE}/warm-up.js`)) throw new Error(`${ENGINE} is missing: run npm run build first`);
  });

  it('leaves no branch of a visitor search unseen by the compiled engine', () => {
    // Without it, the first multi-word, misspelt or partial queries throw the compiled code away: the trace
    // must see that, or it could not see anything.
    expect(unseenBranches(false).length).toBeGreaterThan(0);
    expect(unseenBranches(true)).toEqual([]);
  }, 60_000);

  it('searches a shop with every shape it warms, and does it once a process', () => {
    const shop = madeUpShop();
    expect(shop).toHaveLength(240);
    expect(madeUpShop()).toEqual(shop);
    const index = sniffEngine.build(shop);
    // the shapes the warm-up names exist in its shop: a typed word, a misspelling, a word inside others
    expect(index.search('lamp', { limit: 5 }).hits.length).toBe(5);
    expect(index.search('lmap', { limit: 5 }).correctedQuery).toBe('lamp');
    expect(index.search('berry', { limit: 50 }).hits.some((h) => /strawberry|cranberry/i.test(h.title))).toBe(true);
    // 'the and': enough documents with both to fill a page of candidates; 'oak pillowcase honey': too few
    const withAll = (...words: string[]) =>
      shop.filter((d) =>
        words.every((w) => new RegExp(`\\b${w}\\b`, 'i').test(`${d.title} ${d.description} ${d.body}`)),
      ).length;
    expect(withAll('the', 'and')).toBeGreaterThanOrEqual(RERANK);
    expect(withAll('oak', 'pillowcase', 'honey')).toBeLessThan(RERANK);
    const build = jest.spyOn(sniffEngine, 'build');
    warmUpQueries(sniffEngine);
    warmUpQueries(sniffEngine);
    expect(build).toHaveBeenCalledTimes(1);
    build.mockRestore();
  });

  it('warms AI search once a process, when it first builds a store with it', () => {
    const build = jest.spyOn(sniffEngine, 'build');
    sniffEngine.build(SHOP_DOCUMENTS, { semantic: true });
    sniffEngine.build(SHOP_DOCUMENTS, { semantic: true });
    // the two stores, and the made-up shop the first one warmed AI search with
    expect(build.mock.calls.filter(([, options]) => options?.semantic)).toHaveLength(3);
    build.mockRestore();
  });
});
