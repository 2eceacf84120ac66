import { normalizeQuery } from '@sniff/contracts';
import { queryTerms, tokenize } from '../engine/text';

export const MAX_SUGGESTIONS = 5;
const NONE_HIDDEN: ReadonlySet<string> = new Set();

/** A popular query as suggestions use it: the text shown and its folded words, computed once per fetch. */
export interface PopularSuggestion {
  query: string;
  count: number;
  terms: string[];
}

/**
 * What the visitor sees under the box: popular queries that continue what they typed (most popular
 * first), then the index's own completions, up to MAX_SUGGESTIONS and without repeating a query.
 *
 * A popular query continues the typed text when every typed word is its word at the same place,
 * the last one as a prefix ("free shi" -> "free shipping costs") unless the visitor already ended
 * it with a space or punctuation ("free " -> "free shipping", not "freezer"). The typed query
 * itself is not suggested back, nor any suggestion the owner hid.
 */
export function mergeSuggestions(
  typed: string,
  popular: readonly PopularSuggestion[],
  vocabulary: readonly string[],
  hidden: ReadonlySet<string> = NONE_HIDDEN,
): string[] {
  const tokens = tokenize(typed);
  if (!tokens.length) return [];
  const words = tokens.map((t) => t.term);
  const lastDone = typed.slice(tokens[tokens.length - 1].end).length > 0;
  const out: string[] = [];
  const seen = new Set<string>([words.join(' ')]);
  const add = (text: string, key: string) => {
    if (out.length >= MAX_SUGGESTIONS || seen.has(key)) return;
    if (hidden.size && hidden.has(normalizeQuery(text))) return;
    seen.add(key);
    out.push(text);
  };
  for (const p of popular) {
    if (out.length >= MAX_SUGGESTIONS) break;
    if (continues(p.terms, words, lastDone)) add(p.query, p.terms.join(' '));
  }
  for (const v of vocabulary) add(v, queryTerms(v).join(' '));
  return out;
}

function continues(candidate: readonly string[], words: readonly string[], lastDone: boolean): boolean {
  const last = words.length - 1;
  if (candidate.length < words.length) return false;
  for (let i = 0; i < last; i++) if (candidate[i] !== words[i]) return false;
  return lastDone ? candidate[last] === words[last] : candidate[last].startsWith(words[last]);
}
