import type { MatchKind, WordMatch } from './matching';
import { MAX_WORD_LENGTH } from './postings';
import { AsciiWordFilter, forEachToken } from './text';

/** How to highlight an indexed word in a hit: by its best match over all query words. */
export interface Mark {
  kind: MatchKind;
  at: number;
  /** Characters of the query word (the typed part of a completion, the length of an infix). */
  length: number;
}

/** What a query's hits highlight: each matched indexed word's mark, and a filter that skips other words unread. */
export class Highlighter {
  private readonly marks: Map<string, Mark>;
  private readonly only: AsciiWordFilter;

  constructor(matches: WordMatch[], words: readonly string[]) {
    this.marks = highlightMarks(matches, words);
    this.only = new AsciiWordFilter(this.marks.keys());
  }

  /** Highlight ranges of `text` that start before `shown` (and end there at the latest). */
  ranges(text: string, shown = text.length): [number, number][] {
    const { marks, only } = this;
    const out: [number, number][] = [];
    // A word across the cut still matches as a whole: read on to its end (indexed words are short).
    const read = shown < text.length ? text.slice(0, shown + MAX_WORD_LENGTH + 1) : text;
    forEachToken(
      read,
      (term, start, end) => {
        if (start >= shown) return;
        const mark = marks.get(term);
        if (!mark) return;
        // Highlight the typed part of a completion or an infix when the word was not
        // re-spelled by folding (otherwise character positions differ: highlight it all).
        const exactLength = end - start === term.length;
        let range: [number, number];
        if (mark.kind === 'prefix' && exactLength) range = [start, start + mark.at];
        else if (mark.kind === 'infix' && exactLength) range = [start + mark.at, start + mark.at + mark.length];
        else range = [start, end];
        if (range[1] > shown) range[1] = shown;
        if (range[1] > range[0]) out.push(range);
      },
      only,
    );
    return out;
  }
}

/** Per indexed word the best of its matches over all query words, for highlighting hits. */
function highlightMarks(matches: WordMatch[], words: readonly string[]): Map<string, Mark> {
  const marks = new Map<string, Mark & { weight: number }>();
  for (const m of matches) {
    for (const list of [m.candidates, m.beside]) {
      for (const c of list) {
        const term = words[c.word];
        const mark = marks.get(term);
        if (!mark || c.weight > mark.weight)
          marks.set(term, { kind: c.kind, at: c.at, length: m.text.length, weight: c.weight });
      }
    }
  }
  return marks;
}
