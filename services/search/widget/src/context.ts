import type { SearchHit } from '@sniff/contracts';
import type { WidgetConfig } from './config';
import type { View } from './view';

/** What the widget needs from the browser; tests pass their own. */
export interface WidgetDeps {
  fetch: typeof fetch;
  sendBeacon?: (url: string, data: string) => boolean;
  navigate: (url: string) => void;
}

/** An option of the listbox: a completion of the query, the owner's answer, or a result. */
export type Option = { kind: 'suggestion'; text: string } | { kind: 'answer' } | { kind: 'hit'; index: number };

/** What the first script mounts (bar.ts): the elements, the settings and where to ask. */
export interface Bar extends View {
  config: WidgetConfig;
  deps: WidgetDeps;
  /** The snippet's look within the store's plan (the free plan's until its rules are known). */
  shown: WidgetConfig;
  apiBase: string;
  /** Enter was pressed before the text had an answer: open its first result when it lands. */
  openWhenAnswered: boolean;
}

/**
 * One mounted widget: the bar and where the visitor's search stands, added by the second script
 * (attach.ts). Each phase (rules, searching, results, choosing, intents) is a module that moves this record.
 */
export interface Widget extends Bar {
  formatPrice: (value: number, currency?: unknown) => string | null;
  // ---- the answer on screen
  hits: SearchHit[];
  /** The owner's short answer for the query (its link checked), shown as a card before the results. */
  answer: { text: string; url: string } | null;
  /** Every option of the listbox in order: completions of the query, the owner's answer, then the results. */
  options: Option[];
  active: number;
  shownQuery: string;
  /** The query the visible results answer, with the answer's searchId; null while none. */
  answered: { query: string; searchId?: string } | null;
  // ---- searching
  inflight: AbortController | null;
  gapTimer?: ReturnType<typeof setTimeout>;
  /** A key was typed while a search was in flight: the latest text goes out when it answers. */
  queued: boolean;
  lastSentAt: number;
  // ---- search intents
  settleTimer?: ReturnType<typeof setTimeout>;
  settleWhenAnswered: boolean;
  lastSettled: string;
  /** The id of the query being typed (its keystrokes count as one search); null between queries. */
  session: string | null;
}

export const normalize = (q: string) => q.trim().toLowerCase().replace(/\s+/g, ' ');
