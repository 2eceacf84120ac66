/** What a visitor reads when the store's owner used this month's searches (the answer says `unavailable`). */
export const UNAVAILABLE_TEXT = 'Search is temporarily unavailable.';
/** What a visitor reads on a site that is not among the store's allowed sites (the API answers 403). */
export const NOT_ALLOWED_TEXT = 'Search is not available on this site.';

/** The mark of a result the store's owner pinned for the query. */
export const PINNED_TEXT = 'Recommended';
/** The mark of a result found by meaning (AI search): it has not all the words typed, and says why it is shown. */
export const SEMANTIC_TEXT = 'Similar meaning';

/** What a visitor reads when a search (or the script that searches) cannot be had. */
export const FAILED_TEXT = 'Search is unavailable right now.';
