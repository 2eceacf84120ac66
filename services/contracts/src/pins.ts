import { z } from './zod';

/**
 * Pinned answers (custom Q&A): for a query and its variants, the owner puts up to
 * MAX_PINNED_RESULTS of the store's own pages first in the widget, or a short answer with a link.
 * Saved with the store's search settings, applied by the search service at query time.
 */

/** Pins per store. */
export const MAX_PINS = 100;
/** Pages one pin puts first. */
export const MAX_PINNED_RESULTS = 3;
/** Other phrasings of one pin's query. */
export const MAX_PIN_VARIANTS = 10;
/** Characters of a pinned query or variant (as typed). */
export const MAX_PIN_QUERY_LENGTH = 100;
/** Characters of a pin's short answer (plain text). */
export const MAX_PIN_ANSWER_LENGTH = 280;
/** Characters of a pinned page's or an answer's link. */
export const MAX_PIN_URL_LENGTH = 1024;

const COMBINING = /\p{M}+/gu;
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * A query as pins compare it, the way the search engine reads a query: its words (runs of letters,
 * digits and marks) folded for case and accents, joined by one space ("  Café  OPENING-hours" ->
 * "cafe opening hours"). Empty when the query has no word.
 */
export function pinKey(query: string): string {
  const words = query.match(WORD) ?? [];
  return words
    .map((w) => w.normalize('NFD').replace(COMBINING, '').toLowerCase())
    .filter(Boolean)
    .join(' ');
}

export const pinQuerySchema = z.string().check(
  z.trim(),
  z.minLength(1, 'a pinned query must not be empty'),
  z.maxLength(MAX_PIN_QUERY_LENGTH, `a pinned query must be at most ${MAX_PIN_QUERY_LENGTH} characters`),
  z.refine((q) => pinKey(q).length > 0, 'a pinned query must contain a letter or a digit'),
);

/** A page of the store or an answer's link: http(s) only, never javascript: or data:. */
const pinUrlSchema = z.pipe(
  z
    .string()
    .check(z.trim(), z.maxLength(MAX_PIN_URL_LENGTH, `a link must be at most ${MAX_PIN_URL_LENGTH} characters`)),
  z.url({ protocol: /^https?$/, error: 'a link must be an absolute http(s) URL' }),
);

export const pinAnswerSchema = z.object({
  text: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'the answer must not be empty'),
      z.maxLength(MAX_PIN_ANSWER_LENGTH, `the answer must be at most ${MAX_PIN_ANSWER_LENGTH} characters`),
    ),
  url: pinUrlSchema,
});
export type PinAnswer = z.infer<typeof pinAnswerSchema>;

export const pinSchema = z
  .object({
    query: pinQuerySchema,
    variants: z._default(
      z
        .array(pinQuerySchema)
        .check(z.maxLength(MAX_PIN_VARIANTS, `a pin can have at most ${MAX_PIN_VARIANTS} variants`)),
      [],
    ),
    /** The pinned pages by URL (what survives a re-index), in the order shown. */
    urls: z._default(
      z
        .array(pinUrlSchema)
        .check(z.maxLength(MAX_PINNED_RESULTS, `a pin can show at most ${MAX_PINNED_RESULTS} pages`)),
      [],
    ),
    answer: z.optional(pinAnswerSchema),
  })
  .check(
    z.superRefine((pin, ctx) => {
      if (!pin.urls.length && !pin.answer) {
        ctx.addIssue({ code: 'custom', path: ['urls'], message: 'pin at least one page or write a short answer' });
      }
      if (pin.urls.length && pin.answer) {
        ctx.addIssue({
          code: 'custom',
          path: ['answer'],
          message: 'a pin shows either pages or a short answer, not both',
        });
      }
      const seen = new Set<string>();
      pin.urls.forEach((url, i) => {
        if (seen.has(url)) ctx.addIssue({ code: 'custom', path: ['urls', i], message: `${url} is pinned twice` });
        seen.add(url);
      });
    }),
  );
export type Pin = z.infer<typeof pinSchema>;

/** Every phrasing of a pin (its query, then its variants) as pinKey makes them, repeats once. */
export function pinKeys(pin: Pick<Pin, 'query' | 'variants'>): string[] {
  return [...new Set([pin.query, ...pin.variants].map(pinKey).filter(Boolean))];
}

export const pinsSchema = z
  ._default(z.array(pinSchema).check(z.maxLength(MAX_PINS, `a store can have at most ${MAX_PINS} pinned answers`)), [])
  .check(
    z.superRefine((pins, ctx) => {
      const owner = new Map<string, number>();
      pins.forEach((pin, i) => {
        [pin.query, ...pin.variants].forEach((q, j) => {
          const key = pinKey(q);
          const first = owner.get(key);
          if (first !== undefined && first !== i) {
            ctx.addIssue({
              code: 'custom',
              path: j === 0 ? [i, 'query'] : [i, 'variants', j - 1],
              message: `“${q}” is already pinned (for “${pins[first].query}”)`,
            });
          } else owner.set(key, i);
        });
      });
    }),
  );

/** A pinned page as the tuning screen shows it: found in the store's index, or missing. */
export const pinnedPageSchema = z.object({ url: z.string(), title: z.string() });
export type PinnedPage = z.infer<typeof pinnedPageSchema>;

/** GET /stores/:id/pin-candidates?q=: the owner's search of the store's pages for pinning. */
export const pinCandidatesQuerySchema = z.object({
  q: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'q is required'),
      z.maxLength(MAX_PIN_QUERY_LENGTH, `q must be at most ${MAX_PIN_QUERY_LENGTH} characters`),
    ),
});
/** POST /stores/:id/pinned-pages: which of these URLs the store's index holds now. */
export const pinnedPagesRequestSchema = z.object({
  urls: z
    .array(z.string().check(z.maxLength(MAX_PIN_URL_LENGTH, `a link must be at most ${MAX_PIN_URL_LENGTH} characters`)))
    .check(z.maxLength(MAX_PINS * MAX_PINNED_RESULTS, `at most ${MAX_PINS * MAX_PINNED_RESULTS} URLs`)),
});
/** Pages found (candidates, or the pinned URLs that still exist; a missing one is absent). */
export const pinnedPagesResponseSchema = z.object({ pages: z.array(pinnedPageSchema) });
export type PinnedPagesResponse = z.infer<typeof pinnedPagesResponseSchema>;
