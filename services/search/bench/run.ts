import { performance } from 'node:perf_hooks';
import { runHttp } from './http';
import { edgeCacheModes } from './http-stack';
import { runRelevance } from './relevance';
import { runSpeed } from './speed';
import { writeGuardQueries } from './guard-queries';
import { replaceSection, section, writeText } from './report';

/**
 * `node run.js [relevance|speed|http]` (all three when no argument): prints the tables and writes bench/results/.
 * `node run.js guard-queries` writes the fixed query set of the relevance test (src/engine/relevance.test.ts).
 */
async function main() {
  const which = process.argv[2] ?? 'all';
  if (which === 'guard-queries') return console.log(`written to ${writeGuardQueries()}`);
  const t0 = performance.now();
  const parts: string[] = [];
  if (which === 'all' || which === 'relevance') {
    const r = runRelevance();
    console.log(r.markdown + `\n\n(written to ${r.file})\n`);
    parts.push(r.markdown);
  }
  if (which === 'all' || which === 'speed') {
    const s = runSpeed();
    console.log(s.markdown + `\n\n(written to ${s.file})\n`);
    parts.push(s.markdown);
  }
  if (which === 'all' || which === 'http') {
    // The edge cache on (as in production), then off (every search through to the engine): each its own product.
    const tables: string[] = [];
    for (const edgeCache of edgeCacheModes()) {
      const h = await runHttp(edgeCache);
      console.log(h.markdown + `\n\n(written to ${h.file})\n`);
      tables.push(h.markdown);
    }
    parts.push(section('http', tables.join('\n\n')));
    // run alone, it refreshes its own part of latest.md and leaves the other tables as they are
    if (which === 'http') replaceSection('latest.md', 'http', tables.join('\n\n'));
  }
  const seconds = (performance.now() - t0) / 1000;
  console.log(`bench: ${which} in ${seconds.toFixed(0)} s`);
  if (which === 'all') writeText('latest.md', parts.join('\n\n') + `\n\nWhole run: ${seconds.toFixed(0)} s.\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
