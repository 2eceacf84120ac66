import type { SearchSettings } from '@sniff/contracts';
import { foldTerm } from './text';

/** A store's synonyms and stop words in the form the engine uses at query time (folded words). */
export interface QueryRules {
  /** Word -> the other words it also finds (two-way rules appear in both directions). */
  synonyms: ReadonlyMap<string, readonly string[]>;
  stopWords: ReadonlySet<string>;
}

export const NO_RULES: QueryRules = { synonyms: new Map(), stopWords: new Set() };

export function compileQueryRules(
  settings: Pick<SearchSettings, 'synonyms' | 'stopWords'> | null | undefined,
): QueryRules {
  if (!settings || (!settings.synonyms.length && !settings.stopWords.length)) return NO_RULES;
  const synonyms = new Map<string, Set<string>>();
  const link = (from: string, to: string) => {
    const a = foldTerm(from);
    const b = foldTerm(to);
    if (!a || !b || a === b) return;
    let set = synonyms.get(a);
    if (!set) synonyms.set(a, (set = new Set()));
    set.add(b);
  };
  for (const rule of settings.synonyms) {
    if (rule.kind === 'two-way') for (const a of rule.words) for (const b of rule.words) link(a, b);
    else for (const b of rule.to) link(rule.from, b);
  }
  const stopWords = new Set(settings.stopWords.map(foldTerm).filter((w): w is string => !!w));
  return { synonyms: new Map([...synonyms].map(([k, v]) => [k, [...v]])), stopWords };
}
