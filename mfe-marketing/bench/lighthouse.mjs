#!/usr/bin/env node
// `npm run bench:lighthouse`: Lighthouse over the landing page and three guide pages, mobile and
// desktop, against the product started as `npm start` starts it (own ports and data), in the system
// Chromium. Each page and form factor runs LIGHTHOUSE_RUNS times (default 5; scores vary from run to
// run, more on a busy machine) and reports the median run. Prints the four category scores and
// writes a summary to bench/results/.
// Needs `npm run build` first. CHROME_PATH (or CHROMIUM_PATH) picks the browser; LIGHTHOUSE_PAGES
// (comma-separated paths) and LIGHTHOUSE_FORM_FACTORS (mobile,desktop) narrow a run, and
// LIGHTHOUSE_REPORTS=<dir> also keeps each full Lighthouse report there.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import * as prettier from 'prettier';

const require = createRequire(import.meta.url);
const { startProduct } = require('@sniff/infra/launcher.js');

const here = dirname(fileURLToPath(import.meta.url));
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',') ?? ['/', '/squarespace', '/shopify', '/saas-websites'];
const FORM_FACTORS = process.env.LIGHTHOUSE_FORM_FACTORS?.split(',') ?? ['mobile', 'desktop'];
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TARGETS = { performance: { mobile: 90 }, accessibility: 95, 'best-practices': 95, seo: 95 };
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];
// Loopback ports apart from `npm start` (8080…) and the e2e run (18080…).
const PORTS = {
  gateway: 28080,
  idp: 28090,
  billing: 23101,
  stores: 23102,
  search: 23103,
  analytics: 23104,
  feedback: 23105,
  smtp: 28025,
  inbox: 28026,
  demoSite: 28095,
  squarespace: 28096,
  shopify: 28098,
  stripe: 28097,
  postgres: 25439,
};
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

/** The score a category must reach for a form factor (0 where the issue sets none). */
const target = (category, formFactor) => {
  const t = TARGETS[category];
  return typeof t === 'number' ? t : (t[formFactor] ?? 0);
};

/** One Lighthouse run: category scores (0-100), lab metrics and the audits that lost points. */
async function audit(url, formFactor, port, run) {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url} (${formFactor}): ${lhr.runtimeError.message}`);
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    const name = `${formFactor}-${new URL(url).pathname.slice(1) || 'landing'}-${run}.json`;
    writeFileSync(join(REPORTS, name), JSON.stringify(lhr));
  }
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c].score ?? 0) * 100)]));
  const metrics = Object.fromEntries(METRICS.map((m) => [m, lhr.audits[m]?.displayValue ?? null]));
  const lost = CATEGORIES.flatMap((c) =>
    lhr.categories[c].auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a.score !== null && a.score < 1)
      .map((a) => `${c}: ${a.id} (${a.displayValue || Math.round(a.score * 100)})`),
  );
  return { scores, metrics, lost };
}

/** The run with the median performance score (Lighthouse's advice against run-to-run variance). */
function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  return { ...sorted[Math.floor(sorted.length / 2)], performanceRuns: runs.map((r) => r.scores.performance) };
}

async function main() {
  const chromePath = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  const dataDir = mkdtempSync(join(tmpdir(), 'sniff-lighthouse-'));
  console.log('Starting the product ...');
  const product = await startProduct({ ports: PORTS, dataDir, log: () => undefined });
  const runs = [];
  try {
    for (const formFactor of FORM_FACTORS) {
      for (const path of PAGES) {
        const url = `${product.urls.app}${path}`;
        const attempts = [];
        for (let i = 1; i <= RUNS; i++) {
          // A fresh browser per run: no cache or service state carried between runs.
          const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
          try {
            attempts.push(await audit(url, formFactor, chrome.port, i));
          } finally {
            chrome.kill();
          }
        }
        const run = { path, formFactor, ...medianRun(attempts) };
        runs.push(run);
        const cells = CATEGORIES.map((c) => {
          const ok = run.scores[c] >= target(c, formFactor) ? ' ' : '!';
          return `${c} ${String(run.scores[c]).padStart(3)}${ok}`;
        });
        const spread = RUNS > 1 ? `  (performance runs: ${run.performanceRuns.join(', ')})` : '';
        console.log(`${formFactor.padEnd(7)} ${path.padEnd(16)} ${cells.join('  ')}${spread}`);
      }
    }
  } finally {
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const misses = runs.flatMap((r) =>
    CATEGORIES.filter((c) => r.scores[c] < target(c, r.formFactor)).map(
      (c) => `${r.formFactor} ${r.path} ${c} ${r.scores[c]} < ${target(c, r.formFactor)}`,
    ),
  );
  const results = join(here, 'results');
  mkdirSync(results, { recursive: true });
  const file = join(results, 'lighthouse.json');
  const summary = {
    date: new Date().toISOString(),
    lighthouse: require('lighthouse/package.json').version,
    runsPerPage: RUNS,
    targets: TARGETS,
    runs,
    misses,
  };
  const style = await prettier.resolveConfig(file);
  writeFileSync(file, await prettier.format(JSON.stringify(summary), { ...style, parser: 'json' }));
  console.log(`\nWritten to ${file}`);
  if (misses.length) {
    console.log(`Below target:\n  ${misses.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log('Every page meets the targets.');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
