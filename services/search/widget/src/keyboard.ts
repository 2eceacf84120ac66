import { choose, openFirst } from './choosing';
import type { Widget } from './context';
import { settle } from './intents';
import { setActive, setExpanded } from './popup';
import { runSearch } from './searching';

/** The combobox's keys: arrows move through the options, Enter chooses or searches, Escape closes then clears. */
export function onKeyDown(w: Widget, e: KeyboardEvent): void {
  const open = !w.panel.hidden;
  const { input, options, active, answered } = w;
  switch (e.key) {
    case 'ArrowDown':
    case 'ArrowUp': {
      if (!options.length) return;
      e.preventDefault();
      if (!open) setExpanded(w, true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      const count = options.length;
      const next = active < 0 ? (step > 0 ? 0 : count - 1) : (active + step + count) % count;
      setActive(w, next);
      break;
    }
    case 'Enter':
      e.preventDefault();
      if (open && active >= 0 && answered && answered.query === input.value) {
        choose(w, active);
      } else if (open && answered && answered.query === input.value && (w.answer || w.hits.length)) {
        openFirst(w);
      } else {
        // No answer for this text yet: the visitor means its first result once it lands.
        if (answered?.query !== input.value) w.openWhenAnswered = true;
        void runSearch(w);
        settle(w);
      }
      break;
    case 'Escape':
      if (open) {
        e.preventDefault();
        settle(w);
        setExpanded(w, false);
      } else if (input.value) {
        input.value = '';
        void runSearch(w);
      }
      break;
    default:
  }
}
