import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface Built {
  first: Uint8Array;
  rest: Uint8Array;
  restName: string;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildWidget, minifyCss } = require('../build') as {
  buildWidget: () => Promise<Built>;
  minifyCss: (css: string) => string;
};

/** Issue 29: the script a customer's page loads first (saas-embed.js, embed.js) is at most 5 kB gzip. */
const FIRST_SCRIPT_MAX_GZIP_BYTES = 5000;

describe('widget bundle', () => {
  it('keeps the first script within 5 kB gzip, and names the second by its content', async () => {
    const { first, rest, restName } = await buildWidget();
    expect(gzipSync(first, { level: 9 }).length).toBeLessThanOrEqual(FIRST_SCRIPT_MAX_GZIP_BYTES);
    expect(Buffer.from(first).toString()).toContain(JSON.stringify(restName));
    expect(restName).toMatch(/^search\.[0-9a-f]{10}\.js$/);
    // searching, results and the popup are in the second script only
    expect(Buffer.from(first).toString()).not.toContain('Did you mean');
    expect(Buffer.from(rest).toString()).toContain('Did you mean');
  });

  it('ships the CSS of styles.ts with only whitespace and the last semicolon of each rule left out', () => {
    const css = /return `([^`]*)`;/.exec(readFileSync(join(__dirname, 'styles.ts'), 'utf8'))![1]!;
    const shipped = minifyCss(css);
    expect(shipped.length).toBeLessThan(css.length * 0.9);
    const bare = (s: string) => s.replace(/\s+/g, '').replace(/;}/g, '}');
    expect(bare(shipped)).toBe(bare(css));
    // spaces inside values and between selectors stay
    expect(shipped).toContain('border:1px solid var(--sniff-border)');
    expect(shipped).toContain('}.cards .answer{');
  });
});
