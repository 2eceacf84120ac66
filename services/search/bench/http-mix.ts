import type { IndexDocument } from '@sniff/contracts';
import { int, rng } from './corpus';

export const MIX_SEED = 3;
/** Queries a visitor types in full; every keystroke of each is one request of the mix. */
export const MIX_QUERIES = 60;

const WORD = /[\p{L}\p{N}']+/gu;

/**
 * Queries as visitors type them: 1-3 consecutive words of a real talk title, lower-case, with at
 * least one word of 4+ letters (nobody searches for "of the"). Same seed, same queries.
 */
export function typedQueries(talks: IndexDocument[], n = MIX_QUERIES, seed = MIX_SEED): string[] {
  const r = rng(seed);
  const out = new Set<string>();
  for (let tries = 0; out.size < n && tries < n * 50; tries++) {
    const words = talks[Math.floor(r() * talks.length)].title.toLowerCase().match(WORD) ?? [];
    if (!words.length) continue;
    const start = int(r, 0, words.length - 1);
    const q = words.slice(start, start + int(r, 1, 3)).join(' ');
    if (q.length <= 40 && q.split(' ').some((w) => w.length >= 4)) out.add(q);
  }
  return [...out];
}

/** Every state of the search box while `query` is typed: "h", "ho", "how", "how ", "how t", ... */
export function keystrokes(query: string): string[] {
  const chars = [...query];
  return chars.map((_, i) => chars.slice(0, i + 1).join(''));
}

/**
 * The request paths of the mix, in typing order, as the widget sends them with its default
 * settings: q untrimmed, limit 8, descriptions cut to the 80 characters it shows, and last the id
 * of the query being typed (one per query; the gateway's cache key leaves it out).
 */
export function searchPaths(storeId: string, queries: string[], limit = 8, descriptionLength = 80): string[] {
  return queries.flatMap((query, n) =>
    keystrokes(query).map((q) => {
      const params = new URLSearchParams({
        q,
        limit: String(limit),
        descriptionLength: String(descriptionLength),
        session: `bench-query-${n}`,
      });
      return `/v1/stores/${encodeURIComponent(storeId)}/search?${params}`;
    }),
  );
}
