import { queryInteger } from './integers';
import { z } from './zod';
import { allowedSitesSchema } from './allowed-sites';
import { pinAnswerSchema, pinsSchema } from './pins';
import { WIDGET_SIZES } from './plans';
import { savedWidgetSettingsSchema } from './widget';

export const MAX_QUERY_LENGTH = 256;

/** The longest description the widget shows (its Max Description Length setting). */
export const MAX_DESCRIPTION_LENGTH = 500;

// search (public): GET /v1/stores/{storeId}/search?q=&limit=&descriptionLength=
export const searchQuerySchema = z.object({
  q: z._default(
    z.string().check(z.maxLength(MAX_QUERY_LENGTH, `q must be at most ${MAX_QUERY_LENGTH} characters`)),
    '',
  ),
  limit: z._default(queryInteger('limit', 1, 50), 8),
  /**
   * Optional: each hit's description cut to at most this many characters, ending in "…" when
   * cut (0: no descriptions). The widget asks for what it shows, so answers stay small.
   */
  descriptionLength: z.optional(queryInteger('descriptionLength', 0, MAX_DESCRIPTION_LENGTH)),
  /**
   * Optional: the widget's id for the query the visitor is typing (random, new for each query). The
   * answers of one query's keystrokes that reach the search service count as one search; a request
   * without one counts on its own. Sent last in the query string: the gateway's cache leaves it out
   * of its key.
   */
  session: z.optional(z.string().check(z.maxLength(64, 'session must be at most 64 characters'))),
});

/** [start, end) character ranges of matched text. */
export const rangesSchema = z.array(z.tuple([z.number().check(z.int()), z.number().check(z.int())]));
export const searchHitSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  price: z.optional(z.number()),
  imageUrl: z.optional(z.string()),
  highlight: z.object({ title: rangesSchema, description: rangesSchema }),
  /**
   * Found by meaning (AI search): some query word is not in it as typed, only a word close to it in meaning
   * ("sofa" for "couch"), or none is. The widget says why it was shown.
   */
  semantic: z.optional(z.literal(true)),
  /** The store's owner pinned this page for the query: it comes first, and the widget marks it. */
  pinned: z.optional(z.literal(true)),
});
export type SearchHit = z.infer<typeof searchHitSchema>;
/**
 * What the store's plan lets its widget show, whatever its snippet says: the free plan keeps the
 * small and medium sizes and a fixed placeholder (spec section 5). Sent with the blank query the
 * widget makes when it mounts.
 */
export const widgetRulesSchema = z.object({
  sizes: z.array(z.enum(WIDGET_SIZES)).check(z.minLength(1)),
  /** False: the widget shows `placeholder` instead of the snippet's own text. */
  customPlaceholder: z.boolean(),
  placeholder: z.string(),
  /**
   * The settings the owner saved in the dashboard, with their version: the widget applies them at
   * run time (over a snippet made before that version), so a saved change needs no new snippet.
   */
  saved: z.optional(savedWidgetSettingsSchema),
});
export type WidgetRules = z.infer<typeof widgetRulesSchema>;

/**
 * Internal (stores -> search): GET /internal/stores/{storeId}/widget-rules. The widget rules plus
 * what search needs to count and enforce the monthly quota; `owner` never reaches a visitor.
 */
export const storeWidgetRulesSchema = z.extend(widgetRulesSchema, {
  /** The store's owner (token subject): usage is counted per owner across their stores. */
  owner: z.string().check(z.minLength(1)),
  /** The owner's plan quota (entitlementsFor(plans).monthlySearches); null: none. */
  monthlySearches: z.nullable(z.number().check(z.int(), z.positive())),
  /** AI search (entitlementsFor(plans).semanticSearch): the store's searches also recall by meaning. */
  semanticSearch: z._default(z.boolean(), false),
});
export type StoreWidgetRules = z.infer<typeof storeWidgetRulesSchema>;

/** Why a store's search answers hold no results: its owner used this month's searches. */
export const searchUnavailableSchema = z.object({ reason: z.literal('quota') });
export type SearchUnavailable = z.infer<typeof searchUnavailableSchema>;

export const searchResponseSchema = z.object({
  query: z.string(),
  correctedQuery: z.optional(z.string()),
  hits: z.array(searchHitSchema),
  suggestions: z.array(z.string()),
  tookMs: z.number(),
  /** The owner's short answer pinned for this query (plain text and an http(s) link), shown before the hits. */
  answer: z.optional(pinAnswerSchema),
  /**
   * Proof that this answer came from Sniff (signed: store, query, result count, time). The widget
   * sends it back with the visitor's search and click events; an event without a valid one is
   * dropped, and the result count analytics records is the one inside it. Absent for a blank query.
   */
  searchId: z.optional(z.string()),
  /** The store's widget rules; only on a blank query's answer (the widget asks when it mounts). */
  widget: z.optional(widgetRulesSchema),
  /**
   * Present when the store cannot search now (its owner reached the monthly quota): `hits` are
   * empty and the widget says "Search is temporarily unavailable." inside its own box.
   */
  unavailable: z.optional(searchUnavailableSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

// search (public): POST /v1/stores/{storeId}/events
/** A search answer's `searchId`, as the widget sends it back. */
const searchIdSchema = z
  .string()
  .check(z.minLength(1, 'searchId is required'), z.maxLength(128, 'searchId is not one Sniff issued'));
/**
 * The widget reports search intents, not keystrokes: `search` when the visitor settles on a
 * query (pause, Enter, click, close) and `click` when a result is opened. Both carry the
 * `searchId` of the answer the visitor saw; what the answer held (its result count, the opened
 * result's URL) is Sniff's own record, never the visitor's word.
 */
export const searchEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('search'),
    query: z.string().check(z.trim(), z.minLength(1, 'query is required'), z.maxLength(MAX_QUERY_LENGTH)),
    searchId: searchIdSchema,
  }),
  z.object({
    type: z.literal('click'),
    query: z._default(z.string().check(z.trim(), z.maxLength(MAX_QUERY_LENGTH)), ''),
    searchId: searchIdSchema,
    hitId: z.string().check(z.minLength(1, 'hitId is required'), z.maxLength(512)),
  }),
]);
export type SearchEvent = z.infer<typeof searchEventSchema>;

// search (internal, stores -> search): PUT /internal/stores/{storeId}/documents
/** Visitors open a hit's URL and see its image: a javascript:, data: or relative URL is never indexed. */
const webUrlSchema = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' });
export const indexDocumentSchema = z.object({
  id: z.string().check(z.minLength(1)),
  url: webUrlSchema,
  title: z.string(),
  description: z._default(z.string(), ''),
  headings: z._default(z.array(z.string()), []),
  body: z._default(z.string(), ''),
  price: z.optional(z.number()),
  imageUrl: z.optional(webUrlSchema),
});
export type IndexDocument = z.infer<typeof indexDocumentSchema>;
export const indexDocumentsRequestSchema = z.object({ documents: z.array(indexDocumentSchema) });

// analytics (internal, search -> analytics): GET /internal/stores/{storeId}/popular-queries?limit=
/** How many popular queries one call returns unless it asks for another number (1..500). */
export const POPULAR_QUERIES_DEFAULT_LIMIT = 200;
export const popularQueriesRequestSchema = z.object({
  limit: z._default(queryInteger('limit', 1, 500), POPULAR_QUERIES_DEFAULT_LIMIT),
});
/**
 * A store's settled queries that found results in the last 30 days and that enough distinct
 * visitors searched over time to be suggested to everyone, normalized, most visitors first.
 * `count` is the number of distinct visitors.
 */
export const popularQueriesResponseSchema = z.object({
  queries: z.array(z.object({ query: z.string(), count: z.number().check(z.int(), z.gte(1)) })),
});
export type PopularQueries = z.infer<typeof popularQueriesResponseSchema>;

/** How queries are grouped and compared: trimmed, lower-case, runs of whitespace as one space. */
export function normalizeQuery(query: string): string {
  return query.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Search-intent event as it travels from the search service to analytics on the queue. */
export const recordedSearchEventSchema = z.object({
  storeId: z.string(),
  type: z.enum(['search', 'click']),
  query: z.string(),
  /** From the signed answer (at most the search's limit), never from the visitor. */
  resultCount: z.nullable(z.number().check(z.int(), z.gte(0), z.lte(1000))),
  hitId: z.nullable(z.string()),
  url: z.nullable(z.string()),
  /**
   * The visitor, as a keyed hash of their network address that differs per store (no address is
   * stored): limits and distinct-visitor counts use it.
   */
  visitor: z.string().check(z.minLength(1), z.maxLength(64)),
  /** The answer the event refers to (its signature): a visitor's repeats of one event count once. */
  searchKey: z.string().check(z.minLength(1), z.maxLength(64)),
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
  .check(
    z.trim(),
    z.minLength(1, 'words must not be empty'),
    z.maxLength(64, 'words must be at most 64 characters'),
    z.regex(/^[\p{L}\p{N}\p{M}]+$/u, 'each entry must be a single word of letters or digits'),
  );
export const synonymRuleSchema = z.discriminatedUnion('kind', [
  /** Every word finds the others ("sofa", "couch", "settee"). */
  z.object({ kind: z.literal('two-way'), words: z.array(ruleWordSchema).check(z.minLength(2), z.maxLength(20)) }),
  /** `from` also finds `to`, not the reverse ("phone" finds "iphone"). */
  z.object({
    kind: z.literal('one-way'),
    from: ruleWordSchema,
    to: z.array(ruleWordSchema).check(z.minLength(1), z.maxLength(20)),
  }),
]);
export type SynonymRule = z.infer<typeof synonymRuleSchema>;
export const MAX_SYNONYM_RULES = 200;
export const MAX_STOP_WORDS = 200;
export const MAX_HIDDEN_SUGGESTIONS = 200;
export const searchSettingsSchema = z.object({
  synonyms: z._default(
    z.array(synonymRuleSchema).check(z.maxLength(MAX_SYNONYM_RULES, `at most ${MAX_SYNONYM_RULES} synonym rules`)),
    [],
  ),
  stopWords: z._default(
    z.array(ruleWordSchema).check(z.maxLength(MAX_STOP_WORDS, `at most ${MAX_STOP_WORDS} stop words`)),
    [],
  ),
  /** Suggestions the owner hid from visitors, normalized (see normalizeQuery); matched whole. */
  hiddenSuggestions: z._default(
    z
      .array(
        z.pipe(
          z
            .string()
            .check(
              z.trim(),
              z.minLength(1, 'a hidden suggestion must not be empty'),
              z.maxLength(MAX_QUERY_LENGTH, `a hidden suggestion must be at most ${MAX_QUERY_LENGTH} characters`),
            ),
          z.transform(normalizeQuery),
        ),
      )
      .check(z.maxLength(MAX_HIDDEN_SUGGESTIONS, `at most ${MAX_HIDDEN_SUGGESTIONS} hidden suggestions`)),
    [],
  ),
  /**
   * The sites whose pages may use the widget (hosts, subdomains included; see siteAllowed); the
   * public search API refuses a browser on any other site. Empty: every site.
   */
  allowedSites: allowedSitesSchema,
  /** Pinned answers: pages or a short answer shown first for a query and its variants (see pins.ts). */
  pins: pinsSchema,
});
export type SearchSettings = z.infer<typeof searchSettingsSchema>;
