import type { BrowserContext, Page, Request } from '@playwright/test';

export interface ColdLoad {
  path: string;
  /** Compressed JavaScript transferred, in bytes. */
  js: number;
  files: number;
  /** The remotes (folders under /remotes/) a script was fetched from. */
  remotes: string[];
}

/**
 * Loads `path` with the browser cache cleared and `ready()` awaited, and sums the scripts it
 * transferred as sent (compressed). BENCH_LIST_SCRIPTS=1 lists every script with its size.
 */
export async function coldLoad(
  page: Page,
  context: BrowserContext,
  path: string,
  ready: () => Promise<void>,
): Promise<ColdLoad> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  const scripts: Promise<{ url: string; bytes: number }>[] = [];
  const onFinished = (request: Request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(
      request.sizes().then(async (s) => {
        if (process.env.BENCH_LIST_SCRIPTS) {
          const encoding = (await request.response())?.headers()['content-encoding'] ?? 'identity';
          console.log(`${path} ${request.url()} ${s.responseBodySize} ${encoding}`);
        }
        return { url: request.url(), bytes: s.responseBodySize };
      }),
    );
  };
  page.on('requestfinished', onFinished);
  await page.goto(path, { waitUntil: 'networkidle' });
  await ready();
  page.off('requestfinished', onFinished);
  await cdp.detach();
  const loaded = await Promise.all(scripts);
  const remotes = [...new Set(loaded.map((s) => /\/remotes\/([^/]+)\//.exec(s.url)?.[1]).filter(Boolean))];
  return {
    path,
    js: loaded.reduce((sum, s) => sum + s.bytes, 0),
    files: loaded.length,
    remotes: remotes as string[],
  };
}

/** The rows as a Markdown table, as the README quotes them. */
export function printTable(rows: ColdLoad[]): void {
  console.log('\n| page | compressed JS (kB) | script files | remotes fetched |\n| --- | ---: | ---: | --- |');
  for (const r of rows)
    console.log(`| ${r.path} | ${(r.js / 1024).toFixed(1)} | ${r.files} | ${r.remotes.join(', ') || '(shell only)'} |`);
}
