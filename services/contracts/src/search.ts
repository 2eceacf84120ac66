import { z } from 'zod';

export const MAX_QUERY_LENGTH = 256;

/** The longest description the widget shows (its Max Description Length setting). */
export const MAX_DESCRIPTION_LENGTH = 500;

// search (public): GET /v1/stores/{storeId}/search?q=&limit=&descriptionLength=
export const searchQuerySchema = z.object({
  q: z.string().max(MAX_QUERY_LENGTH, `q must be at most ${MAX_QUERY_LENGTH} characters`).default(''),
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be an integer')
    .min(1, 'limit must be between 1 and 50')
    .max(50, 'limit must be between 1 and 50')
    .default(8),
  /**
   * Optional: each hit's description cut to at most this many characters, ending in "…" when
   * cut (0: no descriptions). The widget asks for what it shows, so answers stay small.
   */
  descriptionLength: z.coerce
    .number({ message: 'descriptionLength must be a number' })
    .int('descriptionLength must be an integer')
    .min(0, `descriptionLength must be between 0 and ${MAX_DESCRIPTION_LENGTH}`)
    .max(MAX_DESCRIPTION_LENGTH, `descriptionLength must be between 0 and ${MAX_DESCRIPTION_LENGTH}`)
    .optional(),
});

/** [start, end) character ranges of matched text. */
export const rangesSchema = z.array(z.tuple([z.number().int(), z.number().int()]));
export const searchHitSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  price: z.number().optional(),
  imageUrl: z.string().optional(),
  highlight: z.object({ title: rangesSchema, description: rangesSchema }),
});
export type SearchHit = z.infer<typeof searchHitSchema>;
export const searchResponseSchema = z.object({
  query: z.string(),
  correctedQuery: z.string().optional(),
  hits: z.array(searchHitSchema),
  suggestions: z.array(z.string()),
  tookMs: z.number(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

// search (public): POST /v1/stores/{storeId}/events
/**
 * The widget reports search intents, not keystrokes: `search` when the visitor settles on a
 * query (pause, Enter, click, close) and `click` when a result is opened.
 */
export const searchEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('search'),
    query: z.string().trim().min(1, 'query is required').max(MAX_QUERY_LENGTH),
    resultCount: z.number().int().min(0),
  }),
  z.object({
    type: z.literal('click'),
    query: z.string().trim().max(MAX_QUERY_LENGTH).default(''),
    hitId: z.string().max(512),
    url: z.string().max(2048),
  }),
]);
export type SearchEvent = z.infer<typeof searchEventSchema>;

// search (internal, stores -> search): PUT /internal/stores/{storeId}/documents
/** Visitors open a hit's URL and see its image: a javascript:, data: or relative URL is never indexed. */
const webUrlSchema = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' });
export const indexDocumentSchema = z.object({
  id: z.string().min(1),
  url: webUrlSchema,
  title: z.string(),
  description: z.string().default(''),
  headings: z.array(z.string()).default([]),
  body: z.string().default(''),
  price: z.number().optional(),
  imageUrl: webUrlSchema.optional(),
});
export type IndexDocument = z.infer<typeof indexDocumentSchema>;
export const indexDocumentsRequestSchema = z.object({ documents: z.array(indexDocumentSchema) });

// analytics (internal, search -> analytics): GET /internal/stores/{storeId}/popular-queries?limit=
/** How many popular queries one call returns unless it asks for another number (1..500). */
export const POPULAR_QUERIES_DEFAULT_LIMIT = 200;
export const popularQueriesRequestSchema = z.object({
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be an integer')
    .min(1, 'limit must be between 1 and 500')
    .max(500, 'limit must be between 1 and 500')
    .default(POPULAR_QUERIES_DEFAULT_LIMIT),
});
/** A store's settled queries that found results in the last 30 days, normalized, most frequent first. */
export const popularQueriesResponseSchema = z.object({
  queries: z.array(z.object({ query: z.string(), count: z.number().int().min(1) })),
});
export type PopularQueries = z.infer<typeof popularQueriesResponseSchema>;

/** Search-intent event as it travels from the search service to analytics on the queue. */
export const recordedSearchEventSchema = z.object({
  storeId: z.string(),
  type: z.enum(['search', 'click']),
  query: z.string(),
  resultCount: z.number().int().nullable(),
  hitId: z.string().nullable(),
  url: z.string().nullable(),
  at: z.string(),
});
export type RecordedSearchEvent = z.infer<typeof recordedSearchEventSchema>;
export const SEARCH_EVENTS_QUEUE = 'search-events';
/** Retry policy of the events queue; search (producer) and analytics (consumer) both declare it. */
export const SEARCH_EVENTS_QUEUE_OPTIONS = { retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 };

// Per-store query rules (stores -> search): synonyms and stop words, applied at query time.
/** One word as a visitor would type it: letters, digits and marks only (no spaces or hyphens). */
export const ruleWordSchema = z
  .string()
  .trim()
  .min(1, 'words must not be empty')
  .max(64, 'words must be at most 64 characters')
  .regex(/^[\p{L}\p{N}\p{M}]+$/u, 'each entry must be a single word of letters or digits');
export const synonymRuleSchema = z.discriminatedUnion('kind', [
  /** Every word finds the others ("sofa", "couch", "settee"). */
  z.object({ kind: z.literal('two-way'), words: z.array(ruleWordSchema).min(2).max(20) }),
  /** `from` also finds `to`, not the reverse ("phone" finds "iphone"). */
  z.object({ kind: z.literal('one-way'), from: ruleWordSchema, to: z.array(ruleWordSchema).min(1).max(20) }),
]);
export type SynonymRule = z.infer<typeof synonymRuleSchema>;
export const MAX_SYNONYM_RULES = 200;
export const MAX_STOP_WORDS = 200;
export const searchSettingsSchema = z.object({
  synonyms: z.array(synonymRuleSchema).max(MAX_SYNONYM_RULES, `at most ${MAX_SYNONYM_RULES} synonym rules`).default([]),
  stopWords: z.array(ruleWordSchema).max(MAX_STOP_WORDS, `at most ${MAX_STOP_WORDS} stop words`).default([]),
});
export type SearchSettings = z.infer<typeof searchSettingsSchema>;
