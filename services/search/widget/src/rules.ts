import type { SearchResponse, WidgetRules } from '@sniff/contracts';
import { FREE_RULES, withinRules, withSaved } from './config';
import type { Bar } from './context';
import { widgetStyles } from './styles';
import { NOT_ALLOWED_TEXT, UNAVAILABLE_TEXT } from './texts';

/** The store's plan decides what of the snippet applies; the bar shows once it is known. */
function applyRules(w: Bar, rules: WidgetRules): void {
  w.shown = withinRules(withSaved(w.config, rules.saved), rules);
  w.style.textContent = widgetStyles(w.shown);
  w.input.placeholder = w.shown.placeholder;
  w.input.setAttribute('aria-label', w.shown.placeholder);
  w.bar.classList.remove('pending');
}

/** The store's rules: asked once, with the blank query (the answer a widget mounting gets). */
export async function loadRules(w: Bar): Promise<void> {
  let rules = FREE_RULES;
  let unavailable: string | null = null;
  try {
    const res = await w.deps.fetch(`${w.apiBase}/search?${new URLSearchParams({ q: '', limit: '1' })}`);
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
  applyRules(w, rules);
  // Said at once, in the box itself: the visitor does not type into a search that cannot answer.
  if (unavailable) {
    w.input.placeholder = unavailable;
    w.input.setAttribute('aria-label', unavailable);
  }
  if (unavailable === NOT_ALLOWED_TEXT) {
    w.input.readOnly = true;
    w.input.setAttribute('aria-disabled', 'true');
  }
}
