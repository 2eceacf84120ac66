import type { Widget } from './context';
import { send, settle } from './intents';
import { setExpanded } from './popup';
import { runSearch } from './searching';
import { isWebUrl } from './web-url';

/** A completion (or "Did you mean") becomes the query: the visitor meant that, so search for it at once. */
export function searchFor(w: Widget, text: string): void {
  w.input.value = text;
  void runSearch(w);
}

/** Opens the owner's answer link (checked to be http(s) when shown). */
export function openAnswer(w: Widget): void {
  const { answer } = w;
  if (!answer || !isWebUrl(answer.url)) return;
  settle(w, true);
  setExpanded(w, false);
  w.deps.navigate(answer.url);
}

/** Opens the result at `i`, recording the click against the answer it was in. */
export function openHit(w: Widget, i: number): void {
  const hit = w.hits[i];
  if (!hit || !isWebUrl(hit.url)) return;
  settle(w, true);
  if (w.answered?.searchId) {
    send(w, { type: 'click', query: w.input.value.trim(), searchId: w.answered.searchId, hitId: hit.id }, true);
  }
  setExpanded(w, false);
  w.deps.navigate(hit.url);
}

/** Enter with no option chosen: the owner's answer, else the first result. */
export function openFirst(w: Widget): void {
  if (w.answer) openAnswer(w);
  else openHit(w, 0);
}

/** Enter or click on the option at `i`. */
export function choose(w: Widget, i: number): void {
  const option = w.options[i];
  if (option?.kind === 'suggestion') searchFor(w, option.text);
  else if (option?.kind === 'answer') openAnswer(w);
  else if (option) openHit(w, option.index);
}

/**
 * Clicks on the options and on "Did you mean", listened for once on the popup. A press there keeps
 * the focus in the input; the click chooses.
 */
export function listenForChoices(w: Widget): void {
  const chosen = (e: Event) => (e.target as Element).closest?.('[role=option], button');
  w.panel.addEventListener('mousedown', (e) => {
    if (chosen(e)) e.preventDefault();
  });
  w.panel.addEventListener('click', (e) => {
    const target = chosen(e);
    if (!target) return;
    if (target.localName === 'button') searchFor(w, target.textContent ?? '');
    else choose(w, [...w.listbox.children].indexOf(target));
  });
}
