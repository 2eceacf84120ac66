import type { WidgetConfig } from './config';
import { widgetStyles } from './styles';

/** The widget's elements, inside the host's open shadow root. */
export interface View {
  doc: Document;
  ids: { listbox: string; status: string };
  root: ShadowRoot;
  style: HTMLStyleElement;
  bar: HTMLDivElement;
  input: HTMLInputElement;
  panel: HTMLDivElement;
  didYouMean: HTMLDivElement;
  listbox: HTMLUListElement;
  status: HTMLDivElement;
}

let instances = 0;

export function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attrs: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Builds the search box in `host` (inside an open shadow root), following the WAI-ARIA combobox
 * pattern with a listbox popup. The bar keeps its place but stays hidden ('pending') until the
 * store's rules are known, so a visitor never sees a look the plan does not allow.
 */
export function buildView(host: HTMLElement, shown: WidgetConfig): View {
  const doc = host.ownerDocument;
  const n = ++instances;
  const ids = { listbox: `sniff-listbox-${n}`, status: `sniff-status-${n}` };
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  root.replaceChildren();

  const style = el(doc, 'style');
  style.textContent = widgetStyles(shown);
  const bar = el(doc, 'div', { class: 'bar pending' });
  const icon = doc.createElementNS('http://www.w3.org/2000/svg', 'svg');
  icon.setAttribute('class', 'icon');
  icon.setAttribute('viewBox', '0 0 24 24');
  icon.setAttribute('aria-hidden', 'true');
  const path = doc.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', 'M10 2a8 8 0 105.3 14l5.4 5.4 1.4-1.4-5.4-5.4A8 8 0 0010 2zm0 2a6 6 0 110 12 6 6 0 010-12z');
  path.setAttribute('fill', 'currentColor');
  icon.appendChild(path);
  const input = el(doc, 'input', {
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
  const panel = el(doc, 'div', { class: 'panel', hidden: '' });
  const didYouMean = el(doc, 'div', { class: 'did-you-mean', hidden: '' });
  const listbox = el(doc, 'ul', { id: ids.listbox, role: 'listbox', 'aria-label': 'Suggestions and results' });
  const status = el(doc, 'div', { id: ids.status, class: 'status', role: 'status', 'aria-live': 'polite' });
  panel.append(didYouMean, listbox, status);
  root.append(style, bar, panel);
  return { doc, ids, root, style, bar, input, panel, didYouMean, listbox, status };
}
