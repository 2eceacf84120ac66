import { normalize, type Widget } from './context';

/** A visitor who stops typing this long has settled on the query (a search intent). */
export const SETTLE_MS = 1500;

/** Events name the answer they are about (its searchId); Sniff knows what that answer held. */
type SearchEventBody =
  | { type: 'search'; query: string; searchId: string }
  | { type: 'click'; query: string; searchId: string; hitId: string };

/** Sends an event (search intents, not keystrokes); none from the dashboard's preview. */
export function send(w: Widget, event: SearchEventBody, leaving = false): void {
  if (w.config.preview) return; // the dashboard's preview: not a visitor
  const url = `${w.apiBase}/events`;
  const body = JSON.stringify(event);
  // text/plain keeps the request CORS-simple (no preflight); the service parses it as JSON.
  if (leaving && w.deps.sendBeacon && w.deps.sendBeacon(url, body)) return;
  w.deps
    .fetch(url, { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body, keepalive: true })
    .catch(() => undefined);
}

/** Records the current query as a search intent once (pause, Enter, click, close); the next query counts anew. */
export function settle(w: Widget, leaving = false): void {
  clearTimeout(w.settleTimer);
  w.session = null;
  const current = normalize(w.input.value);
  if (!current) return;
  const { answered } = w;
  if (!answered || normalize(answered.query) !== current) {
    w.settleWhenAnswered = true; // the answer is still on its way
    return;
  }
  w.settleWhenAnswered = false;
  if (current === w.lastSettled || !answered.searchId) return;
  w.lastSettled = current;
  send(w, { type: 'search', query: w.input.value.trim(), searchId: answered.searchId }, leaving);
}

/** An answer is painted: settle now if the visitor already did (Enter, close), else after a pause. */
export function settleAfterAnswer(w: Widget): void {
  clearTimeout(w.settleTimer);
  if (w.settleWhenAnswered) settle(w);
  else w.settleTimer = setTimeout(() => settle(w), SETTLE_MS);
}

/**
 * Whether the text in the box is another query than the one answered: the visitor cleared it, or typed over
 * it (its first letter changed), rather than typing on, correcting a letter or deleting back within it.
 */
export function replacesQuery(answered: string, typed: string): boolean {
  const before = normalize(answered);
  const now = normalize(typed);
  return before !== '' && (now === '' || now[0] !== before[0]);
}

/**
 * The visitor moved on from the answered query without a pause: it is settled now (the meter counted it,
 * so the timeline shows it too) and the next keystroke starts a new query id, a search of its own.
 */
function settleReplaced(w: Widget): void {
  const { answered } = w;
  if (!answered) return;
  const query = normalize(answered.query);
  if (query === w.lastSettled) return; // settled already, which ended its id then
  w.lastSettled = query;
  w.session = null;
  if (answered.searchId) send(w, { type: 'search', query: answered.query.trim(), searchId: answered.searchId });
}

/** A key was typed: the query is not settled yet, unless the visitor replaced it with another. */
export function unsettle(w: Widget): void {
  clearTimeout(w.settleTimer);
  w.openWhenAnswered = false;
  w.settleWhenAnswered = false;
  if (w.answered && replacesQuery(w.answered.query, w.input.value)) settleReplaced(w);
}
