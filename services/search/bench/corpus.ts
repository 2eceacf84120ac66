import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { IndexDocument } from '@sniff/contracts';

const SHARED_DATA = 'shared/data/tedtalks-talks.json';
/** The same talks, only the fields read here, gzipped in the repository: CI's clone has no shared/data beside it. */
const BUNDLED_DATA = 'bench/data/tedtalks-talks.json.gz';

/**
 * The TED corpus: 2,356 real talks (see /work/shared/data/README.md), from the nearest `shared/data`
 * above this file (the checkout's parent), else the repository's copy; from the sources (jest) or
 * from bench/dist alike.
 */
export const DATA_FILE =
  process.env.SNIFF_BENCH_DATA ?? findUp(__dirname, SHARED_DATA) ?? findUp(__dirname, BUNDLED_DATA) ?? BUNDLED_DATA;

function findUp(from: string, path: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(resolve(dir, path))) return resolve(dir, path);
    if (dirname(dir) === dir) return undefined;
  }
}

interface Talk {
  name: string;
  description?: string;
  speakers?: string[];
  tags?: string[];
  slug: string;
}

/** Deterministic PRNG (mulberry32): same seed, same corpus and same queries on every run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
export const int = (r: () => number, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));

/** name -> title, description -> description, tags -> body, ted.com url; one document per slug. */
export function loadTalks(file = DATA_FILE): IndexDocument[] {
  const bytes = readFileSync(file);
  const talks = JSON.parse((file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8')) as Talk[];
  const bySlug = new Map<string, IndexDocument>();
  for (const t of talks) {
    if (!t.slug || !t.name) continue;
    bySlug.set(t.slug, {
      id: t.slug,
      url: `https://www.ted.com/talks/${t.slug}`,
      title: t.name,
      description: t.description ?? '',
      headings: [],
      body: (t.tags ?? []).join(', '),
    });
  }
  return [...bySlug.values()];
}

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * A larger corpus synthesised from the real one: the real documents first, then recombined ones
 * (title words of two talks, description sentences of two or three, tags of two), with about
 * one word in ten replaced by a made-up word (head of one real word + tail of another), so the
 * vocabulary grows with the corpus as it does on real sites. Same seed, same corpus.
 */
export function synthesize(base: IndexDocument[], n: number, seed = 42): IndexDocument[] {
  const r = rng(seed);
  const words = [...new Set(base.flatMap((d) => `${d.title} ${d.description}`.match(WORD) ?? []))].filter(
    (w) => w.length >= 4,
  );
  const invent = () => {
    const a = pick(r, words);
    const b = pick(r, words);
    return (a.slice(0, Math.max(2, Math.ceil(a.length / 2))) + b.slice(Math.floor(b.length / 2))).toLowerCase();
  };
  const vary = (text: string) => text.replace(WORD, (w) => (w.length >= 4 && r() < 0.1 ? invent() : w));
  const sentences = (d: IndexDocument) => d.description.split(/(?<=[.!?])\s+/).filter(Boolean);

  const out = base.slice(0, n);
  for (let i = out.length; i < n; i++) {
    const a = pick(r, base);
    const b = pick(r, base);
    const c = pick(r, base);
    const ta = a.title.split(' ');
    const tb = b.title.split(' ');
    const cut = int(r, 1, Math.max(1, ta.length - 1));
    const title = vary([...ta.slice(0, cut), ...tb.slice(int(r, 0, Math.max(0, tb.length - 2)))].join(' '));
    const desc = [
      ...sentences(a).slice(0, 2),
      ...sentences(b).slice(0, 1),
      ...(r() < 0.5 ? sentences(c).slice(-1) : []),
    ];
    const tags = [...new Set([...a.body.split(', '), ...b.body.split(', ')])].filter(() => r() < 0.7);
    out.push({
      id: `syn-${i}`,
      url: `https://www.ted.com/talks/syn_${i}`,
      title,
      description: vary(desc.join(' ')),
      headings: [],
      body: tags.join(', '),
    });
  }
  return out;
}

/** UTF-8 bytes of the searchable text (title, description, headings, body). */
export function rawTextBytes(docs: IndexDocument[]): number {
  let n = 0;
  for (const d of docs) n += Buffer.byteLength(d.title + d.description + d.headings.join('') + d.body, 'utf8');
  return n;
}
