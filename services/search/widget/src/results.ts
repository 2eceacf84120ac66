import type { SearchHit, SearchResponse } from '@sniff/contracts';
import { normalize, type Widget } from './context';
import { appendHighlighted } from './highlight';
import { setActive, setExpanded } from './popup';
import { PINNED_TEXT, SEMANTIC_TEXT, UNAVAILABLE_TEXT } from './texts';
import { el } from './view';
import { isWebUrl } from './web-url';

/** Completions shown above the results (the API sends up to 5). */
const MAX_SUGGESTIONS = 5;
/** Image sizes (CSS pixels) set on each <img>, so results do not jump as images load. */
const CARD_IMAGE = { width: 160, height: 120 };
const THUMBNAIL = { width: 40, height: 40 };

// Options are chosen through the listbox (choosing.ts): they carry no listeners of their own.
const option = (w: Widget, i: number, attrs: Record<string, string>) =>
  el(w.doc, 'li', { id: `${w.ids.listbox}-opt-${i}`, role: 'option', 'aria-selected': 'false', ...attrs });

function suggestionOption(w: Widget, text: string, i: number): HTMLLIElement {
  const li = option(w, i, { class: 'suggestion', 'aria-label': `Search for ${text}` });
  li.append(el(w.doc, 'span', { class: 'suggestion-icon', 'aria-hidden': 'true' }, '⌕'), el(w.doc, 'span', {}, text));
  return li;
}

/** The owner's own words: plain text, never markup; opens its link like a result. */
function answerOption(w: Widget, answer: { text: string; url: string }, i: number): HTMLLIElement {
  const li = option(w, i, { class: 'answer' });
  const body = el(w.doc, 'div', { class: 'body' });
  body.append(
    el(w.doc, 'div', { class: 'badge' }, 'Answer'),
    el(w.doc, 'div', { class: 'answer-text' }, answer.text),
    el(w.doc, 'div', { class: 'answer-link' }, `Learn more on ${new URL(answer.url).host}`),
  );
  li.appendChild(body);
  return li;
}

/** A result's image, or null. Only an http(s) URL ever becomes its src, set as a property. */
function image(doc: Document, url: string | undefined, cards: boolean): HTMLImageElement | null {
  if (!isWebUrl(url)) return null;
  const size = cards ? CARD_IMAGE : THUMBNAIL;
  const img = el(doc, 'img', {
    class: 'media',
    alt: '', // decorative: the title next to it says what it is
    loading: 'lazy',
    decoding: 'async',
    referrerpolicy: 'no-referrer',
    width: String(size.width),
    height: String(size.height),
  });
  // A broken image keeps its place empty rather than showing the browser's broken-image icon.
  img.addEventListener('error', () => img.classList.add('broken'));
  img.src = url;
  return img;
}

function hitOption(w: Widget, hit: SearchHit, i: number, cards: boolean): HTMLLIElement {
  const { doc, shown } = w;
  const li = option(w, i, { class: 'hit' });
  const media = image(doc, hit.imageUrl, cards);
  if (media) li.appendChild(media);
  else if (cards) li.appendChild(el(doc, 'div', { class: 'media', 'aria-hidden': 'true' }));
  const body = el(doc, 'div', { class: 'body' });
  // Pinned by the store's owner: said in words (read with the option), not by colour alone.
  if (hit.pinned) body.appendChild(el(doc, 'div', { class: 'badge' }, PINNED_TEXT));
  else if (hit.semantic) body.appendChild(el(doc, 'div', { class: 'badge related' }, SEMANTIC_TEXT));
  const title = el(doc, 'div', { class: 'title' });
  appendHighlighted(title, hit.title || hit.url, hit.title ? hit.highlight.title : [], shown.maxTitleLength);
  body.appendChild(title);
  if (shown.showDescription && hit.description) {
    const desc = el(doc, 'div', { class: 'desc' });
    appendHighlighted(desc, hit.description, hit.highlight.description, shown.maxDescriptionLength);
    body.appendChild(desc);
  }
  const price = shown.showPrice ? w.formatPrice(hit.price as number, (hit as { currency?: unknown }).currency) : null;
  if (price !== null) {
    const line = el(doc, 'div', { class: 'price' });
    line.append(el(doc, 'span', { class: 'sr' }, 'Price: '), doc.createTextNode(price));
    body.appendChild(line);
  }
  li.appendChild(body);
  return li;
}

/** "Did you mean": the corrected query as a button (choosing.ts searches for it), shown only with results. */
function showCorrection(w: Widget, correctedQuery: string | undefined): void {
  const { doc, didYouMean } = w;
  didYouMean.replaceChildren();
  if (correctedQuery && w.hits.length) {
    didYouMean.append(doc.createTextNode('Did you mean: '), el(doc, 'button', { type: 'button' }, correctedQuery));
    didYouMean.hidden = false;
  } else {
    didYouMean.hidden = true;
  }
}

/** Paints an answer: completions, the owner's answer, then the results, and opens the popup. */
export function render(w: Widget, res: SearchResponse): void {
  const { listbox, shown } = w;
  // A hit that cannot be opened safely is not offered at all.
  const hits = (w.hits = res.hits.filter((hit) => isWebUrl(hit.url)));
  // auto: cards when the results carry images (a catalogue), else the list.
  const cards =
    shown.displayFormat === 'cards' || (shown.displayFormat === 'auto' && hits.some((h) => isWebUrl(h.imageUrl)));
  listbox.setAttribute('class', cards ? 'cards' : 'list');
  const typed = normalize(res.query);
  const suggestions = res.suggestions.filter((t) => normalize(t) !== typed).slice(0, MAX_SUGGESTIONS);
  const answer = (w.answer = res.answer && isWebUrl(res.answer.url) ? res.answer : null);
  w.options = [
    ...suggestions.map((text) => ({ kind: 'suggestion' as const, text })),
    ...(answer ? [{ kind: 'answer' as const }] : []),
    ...hits.map((_, index) => ({ kind: 'hit' as const, index })),
  ];
  const before = suggestions.length + (answer ? 1 : 0);
  listbox.replaceChildren(
    ...suggestions.map((text, i) => suggestionOption(w, text, i)),
    ...(answer ? [answerOption(w, answer, suggestions.length)] : []),
    ...hits.map((hit, i) => hitOption(w, hit, before + i, cards)),
  );
  showCorrection(w, res.correctedQuery);
  w.status.textContent = res.unavailable
    ? UNAVAILABLE_TEXT
    : hits.length || answer
      ? ''
      : `No results for “${res.query.trim()}”`;
  setActive(w, -1);
  setExpanded(w, true);
}
