// Search quota rules the dashboard, the public site and the search service share. No zod here: the
// public site imports WHAT_IS_A_SEARCH, and a page under a strict CSP must not load zod (it probes eval).

/** Share of the monthly quota still answered past it, before the widgets pause: a busy day does not switch search off at once. */
export const QUOTA_GRACE_SHARE = 0.1;

/** Searches answered past a monthly quota before the widgets pause (null: no quota). */
export function quotaGrace(monthlySearches: number | null): number | null {
  return monthlySearches === null ? null : Math.ceil(monthlySearches * QUOTA_GRACE_SHARE);
}

/** What one visitor address adds at most to an owner's searches in a day (the search service's default). */
export const SEARCHES_PER_VISITOR_DAY = 20;

/** What the plans call a search, as the search service counts it (the plans page and the landing FAQ say it). */
export const WHAT_IS_A_SEARCH = {
  q: 'What counts as a search?',
  a:
    'One query a visitor types into your widget: all the keystrokes of that query count once, until the visitor ' +
    'pauses, presses Enter, opens a result, closes the box or types another query over it. Opening the widget ' +
    'counts nothing, and one visitor ' +
    `adds at most ${SEARCHES_PER_VISITOR_DAY} searches a day, so nobody can use up your month for you. When your ` +
    `plan's searches are used, your widget keeps answering ${Math.round(QUOTA_GRACE_SHARE * 100)}% more, then ` +
    'pauses until the 1st of the next month.',
};
