import {
  MAX_ALLOWED_SITES,
  MAX_STOP_WORDS,
  MAX_SYNONYM_RULES,
  ruleWordSchema,
  siteHostSchema,
  synonymRuleSchema,
  type SearchSettings,
  type SynonymRule,
} from '@sniff/contracts';

/** What an owner's typing became: the words to keep, or the message to show next to the field. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

const fold = (w: string) => w.toLocaleLowerCase();

/** Words the owner typed, split on `separator`; empty pieces dropped, repeats kept once. */
function splitWords(text: string, separator: RegExp): string[] {
  const seen = new Set<string>();
  return text
    .split(separator)
    .map((w) => w.trim())
    .filter((w) => w && !seen.has(fold(w)) && seen.add(fold(w)));
}

/** The same check the API makes, with the word quoted so the owner sees which one. */
function checkWords(words: string[]): string | null {
  for (const word of words) {
    const result = ruleWordSchema.safeParse(word);
    if (!result.success) return `“${word}”: ${result.error.issues[0]?.message ?? 'not a word'}`;
  }
  return null;
}

/** A two-way rule from "sofa, couch, settee" (commas separate: each entry must be one word). */
export function parseTwoWay(text: string, existing: SynonymRule[]): Parsed<SynonymRule> {
  const words = splitWords(text, /,/);
  if (words.length < 2) return { ok: false, error: 'Enter at least two words, separated by commas.' };
  return finish({ kind: 'two-way', words }, words, existing);
}

/** A one-way rule: `from` also finds each of "iphone, smartphone". */
export function parseOneWay(fromText: string, toText: string, existing: SynonymRule[]): Parsed<SynonymRule> {
  const from = fromText.trim();
  if (!from) return { ok: false, error: 'Enter the word visitors search for.' };
  const to = splitWords(toText, /,/).filter((w) => fold(w) !== fold(from));
  if (!to.length) return { ok: false, error: 'Enter at least one other word it should also find.' };
  return finish({ kind: 'one-way', from, to }, [from, ...to], existing);
}

function finish(rule: SynonymRule, words: string[], existing: SynonymRule[]): Parsed<SynonymRule> {
  const bad = checkWords(words);
  if (bad) return { ok: false, error: bad };
  if (existing.length >= MAX_SYNONYM_RULES) {
    return { ok: false, error: `A store can have at most ${MAX_SYNONYM_RULES} synonym rules.` };
  }
  const result = synonymRuleSchema.safeParse(rule);
  if (!result.success) return { ok: false, error: 'A rule can have at most 20 words.' };
  return { ok: true, value: result.data };
}

/** Stop words from "the, a an": commas or spaces separate them; ones already listed are skipped. */
export function parseStopWords(text: string, existing: string[]): Parsed<string[]> {
  const have = new Set(existing.map(fold));
  const typed = splitWords(text, /[\s,]+/);
  if (!typed.length) return { ok: false, error: 'Enter a word.' };
  const words = typed.filter((w) => !have.has(fold(w)));
  if (!words.length) return { ok: false, error: `Already a stop word: ${typed.join(', ')}` };
  const bad = checkWords(words);
  if (bad) return { ok: false, error: bad };
  if (existing.length + words.length > MAX_STOP_WORDS) {
    return { ok: false, error: `A store can have at most ${MAX_STOP_WORDS} stop words.` };
  }
  return { ok: true, value: words };
}

/** One allowed site as the owner typed or pasted it, made the host the API keeps ("https://Shop.com/a" -> "shop.com"). */
export function parseAllowedSite(text: string, existing: string[]): Parsed<string> {
  if (!text.trim()) return { ok: false, error: 'Enter a site, such as example.com.' };
  const result = siteHostSchema.safeParse(text);
  if (!result.success)
    return { ok: false, error: `“${text.trim()}”: ${result.error.issues[0]?.message ?? 'not a site'}` };
  if (existing.includes(result.data)) return { ok: false, error: `Already allowed: ${result.data}` };
  if (existing.length >= MAX_ALLOWED_SITES) {
    return { ok: false, error: `A store can have at most ${MAX_ALLOWED_SITES} allowed sites.` };
  }
  return { ok: true, value: result.data };
}

const canonical = (s: SearchSettings) =>
  JSON.stringify([
    s.synonyms.map((r) => (r.kind === 'two-way' ? [r.words] : [r.from, r.to])),
    s.stopWords,
    s.hiddenSuggestions,
    s.allowedSites,
    s.pins ?? [],
  ]);

export function sameSettings(a: SearchSettings, b: SearchSettings): boolean {
  return canonical(a) === canonical(b);
}
