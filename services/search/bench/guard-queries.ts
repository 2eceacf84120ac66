import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadTalks } from './corpus';
import { generateQueries, QUERY_CLASSES } from './queries';
import { PER_CLASS, QUERY_SEED } from './relevance';
import { generateSemanticQueries } from './semantic-queries';

/** Queries per class in the relevance test: a few hundred in all, so it runs in about a second. */
export const GUARD_PER_CLASS = 50;
export const GUARD_QUERIES_FILE = resolve(__dirname, '../../../src/engine/relevance-queries.json');

/**
 * The first GUARD_PER_CLASS queries of each class of the benchmark's relevance set (same seed, same
 * corpus), written once and committed: generating the set takes ~15 s, too slow for every test run.
 */
export function writeGuardQueries(file = GUARD_QUERIES_FILE): string {
  const docs = loadTalks();
  const queries = [
    ...generateQueries(docs, PER_CLASS, QUERY_SEED),
    ...generateSemanticQueries(docs, PER_CLASS, QUERY_SEED),
  ];
  const fixed = QUERY_CLASSES.flatMap((cls) =>
    queries
      .filter((q) => q.cls === cls)
      .slice(0, GUARD_PER_CLASS)
      .map(({ cls, q, target }) => ({ cls, q, target })),
  );
  writeFileSync(file, JSON.stringify(fixed, null, 1) + '\n');
  return file;
}
