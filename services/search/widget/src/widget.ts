import type { SearchHit, SearchResponse, WidgetRules } from '@sniff/contracts';
import { FREE_RULES, withinRules, withSaved, type WidgetConfig } from './config';
import { appendHighlighted } from './highlight';
import { priceFormatter } from './price';
import { widgetStyles } from './styles';
import { isWebUrl } from './web-url';

/**
 * Typing is not debounced: a keystroke's search leaves at once, so results follow the keys (the
 * engine answers in well under a millisecond). At most one search is in flight; keys typed meanwhile
 * send only the latest text when it answers, and searches start at least this far apart, so even
 * a fast typist stays well within the public API's 50 searches a second per visitor.
 */
export const MIN_GAP_MS = 30;
/** A visitor who stops typing this long has settled on the query (a search intent). */
export const SETTLE_MS = 1500;
const LIMIT = 8;
/** Completions shown above the results (the API sends up to 5). */
const MAX_SUGGESTIONS = 5;
/** A new id for the query a visitor starts typing: its keystrokes count as one search. */
export function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}
/** What a visitor reads when the store's owner used this month's searches (the answer says `unavailable`). */
export const UNAVAILABLE_TEXT = 'Search is temporarily unavailable.';
/** What a visitor reads on a site that is not among the store's allowed sites (the API answers 403). */
export const NOT_ALLOWED_TEXT = 'Search is not available on this site.';

/** The mark of a result the store's owner pinned for the query. */
export const PINNED_TEXT = 'Recommended';
/** The mark of a result found by meaning (AI search): it has not all the words typed, and says why it is shown. */
export const SEMANTIC_TEXT = 'Similar meaning';

/** Image sizes (CSS pixels) set on each <img>, so results do not jump as images load. */
const CARD_IMAGE = { width: 160, height: 120 };
const THUMBNAIL = { width: 40, height: 40 };

/** Events name the answer they are about (its searchId); Sniff knows what that answer held. */
type SearchEventBody =
  | { type: 'search'; query: string; searchId: string }
  | { type: 'click'; query: string; searchId: string; hitId: string };

/** What the widget needs from the browser; tests pass their own. */
export interface WidgetDeps {
  fetch: typeof fetch;
  sendBeacon?: (url: string, data: string) => boolean;
  navigate: (url: string) => void;
}

export interface WidgetHandle {
  root: ShadowRoot;
  input: HTMLInputElement;
  destroy(): void;
}

let instances = 0;

/**
 * Mounts the search box into `host` (inside an open shadow root), following the WAI-ARIA
 * combobox pattern with a listbox popup.
 */
export function mountWidget(host: HTMLElement, config: WidgetConfig, deps: WidgetDeps): WidgetHandle {
  const doc = host.ownerDocument;
  const win = doc.defaultView ?? window;
  const n = ++instances;
  const ids = { listbox: `sniff-listbox-${n}`, status: `sniff-status-${n}` };
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  root.replaceChildren();

  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string) => {
    const node = doc.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  };

  // The store's plan decides what of the snippet applies (see loadRules): until it is known, the bar
  // keeps its place but stays hidden, so a visitor never sees a look the plan does not allow.
  let shown = withinRules(config, FREE_RULES);
  const style = el('style');
  style.textContent = widgetStyles(shown);
  const bar = el('div', { class: 'bar pending' });
  const icon = doc.createElementNS('http://www.w3.org/2000/svg', 'svg');
  icon.setAttribute('class', 'icon');
  icon.setAttribute('viewBox', '0 0 24 24');
  icon.setAttribute('aria-hidden', 'true');
  const path = doc.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', 'M10 2a8 8 0 105.3 14l5.4 5.4 1.4-1.4-5.4-5.4A8 8 0 0010 2zm0 2a6 6 0 110 12 6 6 0 010-12z');
  path.setAttribute('fill', 'currentColor');
  icon.appendChild(path);
  const input = el('input', {
    type: 'search',
    role: 'combobox',
    'aria-expanded': 'false',
    'aria-controls': ids.listbox,
    'aria-autocomplete': 'list',
    'aria-describedby': ids.status,
    'aria-label': shown.placeholder,
    placeholder: shown.placeholder,
    autocomplete: 'off',
    spellcheck: 'false',
    enterkeyhint: 'search',
  });
  bar.append(icon, input);
  const panel = el('div', { class: 'panel', hidden: '' });
  const didYouMean = el('div', { class: 'did-you-mean', hidden: '' });
  const listbox = el('ul', { id: ids.listbox, role: 'listbox', 'aria-label': 'Suggestions and results' });
  const status = el('div', { id: ids.status, class: 'status', role: 'status', 'aria-live': 'polite' });
  panel.append(didYouMean, listbox, status);
  root.append(style, bar, panel);

  // ---- state
  let hits: SearchHit[] = [];
  /** The owner's short answer for the query (its link checked), shown as a card before the results. */
  let answer: { text: string; url: string } | null = null;
  /** Every option of the listbox in order: completions of the query, the owner's answer, then the results. */
  let options: ({ kind: 'suggestion'; text: string } | { kind: 'answer' } | { kind: 'hit'; index: number })[] = [];
  let active = -1;
  let shownQuery = '';
  /** The query the visible results answer, with the answer's searchId; null while none. */
  let answered: { query: string; searchId?: string } | null = null;
  let inflight: AbortController | null = null;
  let gapTimer: ReturnType<typeof setTimeout> | undefined;
  /** A key was typed while a search was in flight: the latest text goes out when it answers. */
  let queued = false;
  let lastSentAt = -Infinity;
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  let settleWhenAnswered = false;
  let lastSettled = '';
  /** The id of the query being typed (its keystrokes count as one search); null between queries. */
  let session: string | null = null;
  const normalize = (q: string) => q.trim().toLowerCase().replace(/\s+/g, ' ');
  const apiBase = `${config.apiOrigin}/v1/stores/${encodeURIComponent(config.storeId)}`;
  // Ask only for the description the widget shows: smaller answers, sooner on a phone. The query's
  // id goes last: the gateway's cache keys answers by the URL without it.
  const searchParams = (q: string) => {
    session ??= newSessionId();
    return new URLSearchParams({
      q,
      limit: String(LIMIT),
      descriptionLength: String(shown.showDescription ? shown.maxDescriptionLength : 0),
      session,
    });
  };

  // ---- events (search intents, not keystrokes)
  const send = (event: SearchEventBody, leaving = false) => {
    if (config.preview) return; // the dashboard's preview: not a visitor
    const url = `${apiBase}/events`;
    const body = JSON.stringify(event);
    // text/plain keeps the request CORS-simple (no preflight); the service parses it as JSON.
    if (leaving && deps.sendBeacon && deps.sendBeacon(url, body)) return;
    deps
      .fetch(url, { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body, keepalive: true })
      .catch(() => undefined);
  };

  /** Records the current query as a search intent once (pause, Enter, click, close); the next query counts anew. */
  const settle = (leaving = false) => {
    clearTimeout(settleTimer);
    session = null;
    const current = normalize(input.value);
    if (!current) return;
    if (!answered || normalize(answered.query) !== current) {
      settleWhenAnswered = true; // the answer is still on its way
      return;
    }
    settleWhenAnswered = false;
    if (current === lastSettled || !answered.searchId) return;
    lastSettled = current;
    send({ type: 'search', query: input.value.trim(), searchId: answered.searchId }, leaving);
  };

  // ---- the store's rules: asked once, with the blank query (the answer a widget mounting gets)
  const applyRules = (rules: WidgetRules) => {
    shown = withinRules(withSaved(config, rules.saved), rules);
    style.textContent = widgetStyles(shown);
    input.placeholder = shown.placeholder;
    input.setAttribute('aria-label', shown.placeholder);
    bar.classList.remove('pending');
  };
  const loadRules = async () => {
    let rules = FREE_RULES;
    let unavailable: string | null = null;
    try {
      const res = await deps.fetch(`${apiBase}/search?${new URLSearchParams({ q: '', limit: '1' })}`);
      if (res.ok) {
        const body = (await res.json()) as SearchResponse;
        rules = body.widget ?? FREE_RULES;
        if (body.unavailable) unavailable = UNAVAILABLE_TEXT;
      } else if (res.status === 403) {
        unavailable = NOT_ALLOWED_TEXT;
        // For the site's owner, who may have put the widget on a domain they have not listed yet.
        console.warn(
          "Sniff: this site is not among the widget's allowed sites; add it in the Sniff dashboard " +
            '(Manage Your Widgets > Search tuning > Allowed sites).',
        );
      }
    } catch {
      // unreachable: the free plan's rules
    }
    applyRules(rules);
    // Said at once, in the box itself: the visitor does not type into a search that cannot answer.
    if (unavailable) {
      input.placeholder = unavailable;
      input.setAttribute('aria-label', unavailable);
    }
    if (unavailable === NOT_ALLOWED_TEXT) {
      input.readOnly = true;
      input.setAttribute('aria-disabled', 'true');
    }
  };

  // ---- rendering
  const setExpanded = (open: boolean) => {
    panel.hidden = !open;
    input.setAttribute('aria-expanded', String(open));
    if (!open) setActive(-1);
  };

  const setActive = (i: number) => {
    active = i;
    listbox.querySelectorAll('[role=option]').forEach((o, j) => o.setAttribute('aria-selected', String(j === i)));
    if (i >= 0) {
      const option = listbox.children[i] as HTMLElement | undefined;
      input.setAttribute('aria-activedescendant', option?.id ?? '');
      option?.scrollIntoView?.({ block: 'nearest' });
    } else {
      input.removeAttribute('aria-activedescendant');
    }
  };

  const formatPrice = priceFormatter(doc.documentElement.lang);

  /** A result's image, or null. Only an http(s) URL ever becomes its src, set as a property. */
  const image = (url: string | undefined, cards: boolean): HTMLImageElement | null => {
    if (!isWebUrl(url)) return null;
    const size = cards ? CARD_IMAGE : THUMBNAIL;
    const img = el('img', {
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
  };

  const render = (res: SearchResponse) => {
    // A hit that cannot be opened safely is not offered at all.
    hits = res.hits.filter((hit) => isWebUrl(hit.url));
    // auto: cards when the results carry images (a catalogue), else the list.
    const cards =
      shown.displayFormat === 'cards' || (shown.displayFormat === 'auto' && hits.some((h) => isWebUrl(h.imageUrl)));
    listbox.setAttribute('class', cards ? 'cards' : 'list');
    const typed = normalize(res.query);
    const suggestions = res.suggestions.filter((t) => normalize(t) !== typed).slice(0, MAX_SUGGESTIONS);
    answer = res.answer && isWebUrl(res.answer.url) ? res.answer : null;
    options = [
      ...suggestions.map((text) => ({ kind: 'suggestion' as const, text })),
      ...(answer ? [{ kind: 'answer' as const }] : []),
      ...hits.map((_, index) => ({ kind: 'hit' as const, index })),
    ];
    listbox.replaceChildren();
    suggestions.forEach((text, i) => {
      const option = el('li', {
        id: `${ids.listbox}-opt-${i}`,
        role: 'option',
        'aria-selected': 'false',
        class: 'suggestion',
        'aria-label': `Search for ${text}`,
      });
      option.append(el('span', { class: 'suggestion-icon', 'aria-hidden': 'true' }, '⌕'), el('span', {}, text));
      option.addEventListener('mousedown', (e) => e.preventDefault());
      option.addEventListener('click', () => chooseSuggestion(text));
      listbox.appendChild(option);
    });
    if (answer) {
      // The owner's own words: plain text, never markup; opens its link like a result.
      const option = el('li', {
        id: `${ids.listbox}-opt-${suggestions.length}`,
        role: 'option',
        'aria-selected': 'false',
        class: 'answer',
      });
      const body = el('div', { class: 'body' });
      body.append(
        el('div', { class: 'badge' }, 'Answer'),
        el('div', { class: 'answer-text' }, answer.text),
        el('div', { class: 'answer-link' }, `Learn more on ${new URL(answer.url).host}`),
      );
      option.appendChild(body);
      option.addEventListener('mousedown', (e) => e.preventDefault());
      option.addEventListener('click', () => openAnswer());
      listbox.appendChild(option);
    }
    const before = suggestions.length + (answer ? 1 : 0);
    hits.forEach((hit, i) => {
      const id = `${ids.listbox}-opt-${before + i}`;
      const option = el('li', { id, role: 'option', 'aria-selected': 'false', class: 'hit' });
      const media = image(hit.imageUrl, cards);
      if (media) option.appendChild(media);
      else if (cards) option.appendChild(el('div', { class: 'media', 'aria-hidden': 'true' }));
      const body = el('div', { class: 'body' });
      // Pinned by the store's owner: said in words (read with the option), not by colour alone.
      if (hit.pinned) body.appendChild(el('div', { class: 'badge' }, PINNED_TEXT));
      else if (hit.semantic) body.appendChild(el('div', { class: 'badge related' }, SEMANTIC_TEXT));
      const title = el('div', { class: 'title' });
      appendHighlighted(title, hit.title || hit.url, hit.title ? hit.highlight.title : [], shown.maxTitleLength);
      body.appendChild(title);
      if (shown.showDescription && hit.description) {
        const desc = el('div', { class: 'desc' });
        appendHighlighted(desc, hit.description, hit.highlight.description, shown.maxDescriptionLength);
        body.appendChild(desc);
      }
      const price = shown.showPrice ? formatPrice(hit.price as number, (hit as { currency?: unknown }).currency) : null;
      if (price !== null) {
        const line = el('div', { class: 'price' });
        line.append(el('span', { class: 'sr' }, 'Price: '), doc.createTextNode(price));
        body.appendChild(line);
      }
      option.appendChild(body);
      // Keep focus in the input; open on click.
      option.addEventListener('mousedown', (e) => e.preventDefault());
      option.addEventListener('click', () => openHit(i));
      listbox.appendChild(option);
    });
    didYouMean.replaceChildren();
    if (res.correctedQuery && hits.length) {
      const fix = el('button', { type: 'button' }, res.correctedQuery);
      fix.addEventListener('mousedown', (e) => e.preventDefault());
      fix.addEventListener('click', () => {
        input.value = res.correctedQuery ?? '';
        runSearch();
      });
      didYouMean.append(doc.createTextNode('Did you mean: '), fix);
      didYouMean.hidden = false;
    } else {
      didYouMean.hidden = true;
    }
    status.textContent = res.unavailable
      ? UNAVAILABLE_TEXT
      : hits.length || answer
        ? ''
        : `No results for “${res.query.trim()}”`;
    setActive(-1);
    setExpanded(true);
  };

  // ---- searching
  /** Sends the current text now, or when the search in flight answers, at most once per MIN_GAP_MS. */
  const schedule = () => {
    clearTimeout(gapTimer);
    if (inflight) {
      queued = true;
      return;
    }
    const wait = lastSentAt + MIN_GAP_MS - performance.now();
    if (wait > 0) gapTimer = setTimeout(() => void runSearch(), wait);
    else void runSearch();
  };
  /** After an answer: a newer text typed meanwhile goes out now. True when one did (the answer is stale). */
  const sendQueued = (q: string) => {
    if (!queued && input.value === q) return false;
    queued = false;
    schedule();
    return true;
  };

  const runSearch = async () => {
    clearTimeout(gapTimer);
    queued = false;
    const q = input.value;
    if (!q.trim()) {
      inflight?.abort();
      inflight = null;
      session = null;
      hits = [];
      answer = null;
      options = [];
      answered = null;
      shownQuery = '';
      listbox.replaceChildren();
      status.textContent = '';
      setExpanded(false);
      return;
    }
    if (q === shownQuery && answered) return;
    inflight?.abort();
    const controller = new AbortController();
    inflight = controller;
    lastSentAt = performance.now();
    if (!answered) status.textContent = 'Loading…';
    if (!hits.length) setExpanded(true);
    try {
      const res = await deps.fetch(`${apiBase}/search?${searchParams(q)}`, {
        signal: controller.signal,
      });
      if (res.status === 403) {
        inflight = null;
        status.textContent = NOT_ALLOWED_TEXT;
        return;
      }
      if (!res.ok) throw new Error(String(res.status));
      const body = (await res.json()) as SearchResponse;
      if (inflight !== controller) return; // a newer query took over
      inflight = null;
      // Stale: the visitor typed on meanwhile; never paint an older query over a newer one.
      if (sendQueued(q)) return;
      shownQuery = q;
      answered = { query: q, searchId: body.searchId };
      render(body);
      clearTimeout(settleTimer);
      if (settleWhenAnswered) settle();
      else settleTimer = setTimeout(() => settle(), SETTLE_MS);
    } catch (err) {
      if (controller.signal.aborted || inflight !== controller) return;
      inflight = null;
      if (sendQueued(q)) return;
      status.textContent = 'Search is unavailable right now.';
      void err;
    }
  };

  /** A completion becomes the query: the visitor meant that, so search for it at once. */
  const chooseSuggestion = (text: string) => {
    input.value = text;
    void runSearch();
  };

  /** Enter or click on the option at `i`. */
  const choose = (i: number) => {
    const option = options[i];
    if (option?.kind === 'suggestion') chooseSuggestion(option.text);
    else if (option?.kind === 'answer') openAnswer();
    else if (option) openHit(option.index);
  };

  /** Opens the owner's answer link (checked to be http(s) when shown). */
  const openAnswer = () => {
    if (!answer || !isWebUrl(answer.url)) return;
    settle(true);
    setExpanded(false);
    deps.navigate(answer.url);
  };

  const openHit = (i: number) => {
    const hit = hits[i];
    if (!hit || !isWebUrl(hit.url)) return;
    settle(true);
    if (answered?.searchId) {
      send({ type: 'click', query: input.value.trim(), searchId: answered.searchId, hitId: hit.id }, true);
    }
    setExpanded(false);
    deps.navigate(hit.url);
  };

  // ---- input and keyboard
  const onInput = () => {
    clearTimeout(settleTimer);
    settleWhenAnswered = false;
    schedule();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const open = !panel.hidden;
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (!options.length) return;
        e.preventDefault();
        if (!open) setExpanded(true);
        const step = e.key === 'ArrowDown' ? 1 : -1;
        const count = options.length;
        const next = active < 0 ? (step > 0 ? 0 : count - 1) : (active + step + count) % count;
        setActive(next);
        break;
      }
      case 'Enter':
        e.preventDefault();
        if (open && active >= 0 && answered && answered.query === input.value) {
          choose(active);
        } else if (open && answered && answered.query === input.value && (answer || hits.length)) {
          if (answer) openAnswer();
          else openHit(0);
        } else {
          void runSearch();
          settle();
        }
        break;
      case 'Escape':
        if (open) {
          e.preventDefault();
          settle();
          setExpanded(false);
        } else if (input.value) {
          input.value = '';
          void runSearch();
        }
        break;
      default:
    }
  };

  const onFocus = () => {
    if (options.length || status.textContent) setExpanded(true);
  };
  const onBlur = () => {
    settle();
    setExpanded(false);
  };
  // Clicks elsewhere on the page close the popup; composedPath sees across the shadow boundary.
  const onDocClick = (e: Event) => {
    if (!e.composedPath().includes(host)) setExpanded(false);
  };
  const onLeave = () => settle(true);
  const onVisibility = () => {
    if (doc.visibilityState === 'hidden') settle(true);
  };

  input.addEventListener('input', onInput);
  input.addEventListener('keydown', onKeyDown);
  input.addEventListener('focus', onFocus);
  input.addEventListener('blur', onBlur);
  doc.addEventListener('click', onDocClick);
  win.addEventListener('pagehide', onLeave);
  doc.addEventListener('visibilitychange', onVisibility);
  void loadRules();

  return {
    root,
    input,
    destroy() {
      clearTimeout(gapTimer);
      clearTimeout(settleTimer);
      inflight?.abort();
      doc.removeEventListener('click', onDocClick);
      win.removeEventListener('pagehide', onLeave);
      doc.removeEventListener('visibilitychange', onVisibility);
      root.replaceChildren();
    },
  };
}
