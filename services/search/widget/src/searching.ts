import type { SearchResponse } from '@sniff/contracts';
import type { Widget } from './context';
import { openFirst } from './choosing';
import { settleAfterAnswer } from './intents';
import { setExpanded } from './popup';
import { render } from './results';
import { FAILED_TEXT, NOT_ALLOWED_TEXT } from './texts';

/**
 * Typing is not debounced: a keystroke's search leaves at once, so results follow the keys (the
 * engine answers in well under a millisecond). At most one search is in flight; keys typed meanwhile
 * send only the latest text when it answers, and searches start at least this far apart, so even
 * a fast typist stays well within the public API's 50 searches a second per visitor.
 */
export const MIN_GAP_MS = 30;
const LIMIT = 8;

/** A new id for the query a visitor starts typing: its keystrokes count as one search. */
export function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

// Ask only for the description the widget shows: smaller answers, sooner on a phone. The query's
// id goes last: the gateway's cache keys answers by the URL without it.
function searchParams(w: Widget, q: string): URLSearchParams {
  w.session ??= newSessionId();
  return new URLSearchParams({
    q,
    limit: String(LIMIT),
    descriptionLength: String(w.shown.showDescription ? w.shown.maxDescriptionLength : 0),
    session: w.session,
  });
}

/** Sends the current text now, or when the search in flight answers, at most once per MIN_GAP_MS. */
export function schedule(w: Widget): void {
  clearTimeout(w.gapTimer);
  if (w.inflight) {
    w.queued = true;
    return;
  }
  const wait = w.lastSentAt + MIN_GAP_MS - performance.now();
  if (wait > 0) w.gapTimer = setTimeout(() => void runSearch(w), wait);
  else void runSearch(w);
}

/** After an answer: a newer text typed meanwhile goes out now. True when one did (the answer is stale). */
function sendQueued(w: Widget, q: string): boolean {
  if (!w.queued && w.input.value === q) return false;
  w.queued = false;
  schedule(w);
  return true;
}

/** The box was emptied: no search, no answer, the popup closed. */
function clear(w: Widget): void {
  w.inflight?.abort();
  w.inflight = null;
  w.session = null;
  w.hits = [];
  w.answer = null;
  w.options = [];
  w.answered = null;
  w.shownQuery = '';
  w.listbox.replaceChildren();
  w.status.textContent = '';
  setExpanded(w, false);
}

/** Searches for the text in the box now; a newer search takes over from one in flight. */
export async function runSearch(w: Widget): Promise<void> {
  clearTimeout(w.gapTimer);
  w.queued = false;
  const q = w.input.value;
  if (!q.trim()) return clear(w);
  if (q === w.shownQuery && w.answered) return;
  w.inflight?.abort();
  const controller = new AbortController();
  w.inflight = controller;
  w.lastSentAt = performance.now();
  if (!w.answered) w.status.textContent = 'Loading…';
  if (!w.hits.length) setExpanded(w, true);
  try {
    const res = await w.deps.fetch(`${w.apiBase}/search?${searchParams(w, q)}`, {
      signal: controller.signal,
    });
    if (res.status === 403) {
      w.inflight = null;
      w.status.textContent = NOT_ALLOWED_TEXT;
      return;
    }
    if (!res.ok) throw new Error(String(res.status));
    const body = (await res.json()) as SearchResponse;
    if (w.inflight !== controller) return; // a newer query took over
    w.inflight = null;
    // Stale: the visitor typed on meanwhile; never paint an older query over a newer one.
    if (sendQueued(w, q)) return;
    w.shownQuery = q;
    w.answered = { query: q, searchId: body.searchId };
    render(w, body);
    settleAfterAnswer(w);
    if (w.openWhenAnswered) {
      w.openWhenAnswered = false;
      openFirst(w);
    }
  } catch {
    if (controller.signal.aborted || w.inflight !== controller) return;
    w.inflight = null;
    if (sendQueued(w, q)) return;
    w.status.textContent = FAILED_TEXT;
  }
}
