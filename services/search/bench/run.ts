import { performance } from 'node:perf_hooks';
import { runRelevance } from './relevance';
import { runSpeed } from './speed';
import { writeText } from './report';

/** `node run.js [relevance|speed]` (both when no argument): prints the tables and writes bench/results/. */
function main() {
  const which = process.argv[2] ?? 'all';
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
  const seconds = (performance.now() - t0) / 1000;
  console.log(`bench: ${which} in ${seconds.toFixed(0)} s`);
  if (which === 'all') writeText('latest.md', parts.join('\n\n') + `\n\nWhole run: ${seconds.toFixed(0)} s.\n`);
}

main();
